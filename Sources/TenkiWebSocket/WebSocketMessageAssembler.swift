/// A complete data message.
public enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
}

/// What one frame amounts to once fragments are put back together.
public enum WebSocketEvent: Sendable, Equatable {
    case message(WebSocketMessage)
    case ping([UInt8])
    case pong([UInt8])
    case close(WebSocketClose)
}

/// Turns frames into messages (RFC 6455 §5.4): a text or binary frame starts a message, continuation
/// frames extend it, FIN ends it; control frames may come between fragments and are handed out as
/// they come. Text is validated as UTF-8 fragment by fragment (an invalid byte fails at once, a
/// character split across fragments is fine), and a message over `maxMessageBytes` fails when the
/// fragment that crosses the limit arrives, not at its end. Pure, no I/O.
public struct WebSocketMessageAssembler: Sendable {
    public let maxMessageBytes: Int
    /// The opcode of the message in progress, nil between messages.
    private var messageOpcode: WebSocketOpcode?
    private var pending: [UInt8] = []
    private var validator = UTF8Validator()

    public init(maxMessageBytes: Int = WebSocketLimits.maxMessageBytes) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// True while a fragmented message is open.
    public var isInsideMessage: Bool { messageOpcode != nil }

    /// The event `frame` completes, or nil when it is a fragment of a message still open.
    public mutating func receive(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> WebSocketEvent? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return .close(try WebSocketClose.parse(frame.payload))
        case .text, .binary:
            if messageOpcode != nil { throw .expectedContinuation(frame.opcode) }
            messageOpcode = frame.opcode
            pending.removeAll(keepingCapacity: true)
            validator = UTF8Validator()
        case .continuation:
            if messageOpcode == nil { throw .unexpectedContinuation }
        }
        guard pending.count + frame.payload.count <= maxMessageBytes else { throw .messageTooBig(limit: maxMessageBytes) }
        if messageOpcode == .text, !validator.consume(frame.payload) { throw .invalidUTF8 }
        pending += frame.payload
        guard frame.fin else { return nil }

        defer {
            messageOpcode = nil
            pending = []
        }
        if messageOpcode == .text {
            guard validator.isAtCharacterBoundary else { throw .invalidUTF8 }
            return .message(.text(String(decoding: pending, as: UTF8.self)))
        }
        return .message(.binary(pending))
    }
}
