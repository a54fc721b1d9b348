/// Why bytes from the peer are not acceptable RFC 6455. Each case names the rule that was broken
/// and the close code the endpoint sends before it drops the connection (`closeCode`).
public enum WebSocketProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// RSV1–3 set, though no extension was negotiated (§5.2).
    case reservedBitsSet(UInt8)
    /// An opcode RFC 6455 does not define (3–7, 0xB–0xF).
    case unknownOpcode(UInt8)
    /// A close, ping or pong with FIN clear (§5.5).
    case fragmentedControlFrame(WebSocketOpcode)
    /// A control frame with more than 125 bytes of payload (§5.5).
    case controlFrameTooLong(WebSocketOpcode, length: UInt64)
    /// A server's frame that was masked (§5.1: a client must close on it).
    case maskedFrameFromServer
    /// A client's frame that was not masked (§5.1; the server side of the codec, used by tests and fakes).
    case unmaskedFrameFromClient
    /// A length in a longer encoding than needed (126 for < 126, 127 for < 65536): §5.2 requires the minimal one.
    case nonMinimalLength(UInt64)
    /// A 64-bit length with its most significant bit set (§5.2).
    case lengthHighBitSet
    /// A continuation frame with no message in progress.
    case unexpectedContinuation
    /// A new text or binary frame while a fragmented message is still open.
    case expectedContinuation(WebSocketOpcode)
    /// A message (or one frame) over the limit: close 1009.
    case messageTooBig(limit: Int)
    /// A text message, or a close reason, that is not UTF-8: close 1007.
    case invalidUTF8
    /// A close payload of one byte, or a code no endpoint may send (§7.4).
    case invalidClosePayload(String)

    /// The code to close the connection with.
    public var closeCode: WebSocketCloseCode {
        switch self {
        case .messageTooBig: .messageTooBig
        case .invalidUTF8: .invalidPayload
        default: .protocolError
        }
    }

    public var description: String {
        switch self {
        case .reservedBitsSet(let bits): "reserved bits set (0x\(String(bits, radix: 16))) with no extension negotiated"
        case .unknownOpcode(let opcode): "unknown opcode 0x\(String(opcode, radix: 16))"
        case .fragmentedControlFrame(let opcode): "fragmented \(opcode) frame (control frames are never fragmented)"
        case .controlFrameTooLong(let opcode, let length): "\(opcode) frame of \(length) bytes (control frames carry at most 125)"
        case .maskedFrameFromServer: "masked frame from the server"
        case .unmaskedFrameFromClient: "unmasked frame from the client"
        case .nonMinimalLength(let length): "payload length \(length) not in its shortest encoding"
        case .lengthHighBitSet: "64-bit payload length with its most significant bit set"
        case .unexpectedContinuation: "continuation frame with no message in progress"
        case .expectedContinuation(let opcode): "\(opcode) frame in the middle of a fragmented message"
        case .messageTooBig(let limit): "message over the limit of \(limit) bytes"
        case .invalidUTF8: "text that is not valid UTF-8"
        case .invalidClosePayload(let why): "invalid close frame: \(why)"
        }
    }
}
