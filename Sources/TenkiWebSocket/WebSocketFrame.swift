/// A frame's opcode (RFC 6455 §5.2). The six defined ones; every other value is a protocol error.
public enum WebSocketOpcode: UInt8, Sendable, Hashable, CustomStringConvertible {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Close, ping and pong: at most 125 bytes of payload, never fragmented, allowed between fragments.
    public var isControl: Bool { rawValue & 0x8 != 0 }

    public var description: String {
        switch self {
        case .continuation: "continuation"
        case .text: "text"
        case .binary: "binary"
        case .close: "close"
        case .ping: "ping"
        case .pong: "pong"
        }
    }
}

/// One frame as the application sees it: the payload is always unmasked. Whether it goes on the wire
/// masked is the encoder's business (clients always mask), and the parser removes a peer's mask.
public struct WebSocketFrame: Sendable, Equatable {
    /// False on every fragment of a message but the last.
    public var fin: Bool
    public var opcode: WebSocketOpcode
    public var payload: [UInt8]

    public init(fin: Bool = true, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// The largest payload of a control frame (§5.5).
    public static let maxControlPayload = 125
}
