/// A close status code (RFC 6455 §7.4). A struct, not an enum: applications may use 3000–4999.
public struct WebSocketCloseCode: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static let normalClosure = WebSocketCloseCode(1000)
    public static let goingAway = WebSocketCloseCode(1001)
    public static let protocolError = WebSocketCloseCode(1002)
    public static let unsupportedData = WebSocketCloseCode(1003)
    /// Never sent: "the close frame had no code" (§7.1.5).
    public static let noStatusReceived = WebSocketCloseCode(1005)
    /// Never sent: "the connection ended without a close frame" (§7.1.5).
    public static let abnormalClosure = WebSocketCloseCode(1006)
    public static let invalidPayload = WebSocketCloseCode(1007)
    public static let policyViolation = WebSocketCloseCode(1008)
    public static let messageTooBig = WebSocketCloseCode(1009)
    public static let internalError = WebSocketCloseCode(1011)

    /// Whether a close frame may carry this code: 1000–1003, 1007–1014 (1012–1014 registered with
    /// IANA after the RFC), and the ranges for libraries and applications, 3000–4999.
    public var isSendable: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public var description: String { String(rawValue) }
}

/// What a close frame says: a code and a UTF-8 reason, or nothing at all (code 1005 on receipt).
public struct WebSocketClose: Sendable, Equatable {
    public var code: WebSocketCloseCode
    public var reason: String

    public init(code: WebSocketCloseCode, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// Reads a close frame's payload (§5.5.1): empty, or a sendable code and a UTF-8 reason.
    public static func parse(_ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketClose {
        if payload.isEmpty { return WebSocketClose(code: .noStatusReceived) }
        guard payload.count >= 2 else { throw .invalidClosePayload("a one-byte payload") }
        let code = WebSocketCloseCode(UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isSendable else { throw .invalidClosePayload("code \(code) may not be sent") }
        var validator = UTF8Validator()
        let reasonBytes = payload[2...]
        guard validator.consume(reasonBytes), validator.isAtCharacterBoundary else { throw .invalidUTF8 }
        return WebSocketClose(code: code, reason: String(decoding: reasonBytes, as: UTF8.self))
    }

    /// The payload of a close frame saying this; the reason is cut (at a character boundary) so the
    /// payload stays within a control frame's 125 bytes.
    public var payload: [UInt8] {
        var bytes = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = 0
        for scalar in reason.unicodeScalars {
            let length = UTF8.width(scalar)
            guard reasonBytes + length <= WebSocketFrame.maxControlPayload - 2 else { break }
            bytes += String(scalar).utf8
            reasonBytes += length
        }
        return bytes
    }
}
