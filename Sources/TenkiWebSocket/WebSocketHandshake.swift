import CCrypto
import TenkiBase

/// The client's side of the opening handshake (RFC 6455 §4.1): the `GET` with a fresh
/// `Sec-WebSocket-Key`, and the checks on the server's answer, `Sec-WebSocket-Accept` included.
/// No subprotocols and no extensions are offered, so a server that picks one is refused.
public struct WebSocketHandshake: Sendable {
    /// The base64 of 16 random bytes, sent as `Sec-WebSocket-Key`.
    public let key: String
    /// The request's bytes, ready to write.
    public let request: [UInt8]

    /// - Parameters:
    ///   - url: where to connect; its host (and port, unless the scheme's default) make `Host`.
    ///   - nonce: 16 random bytes (from the connection's random source; fixed in tests).
    ///   - headers: more header fields, such as `Authorization` (never logged).
    public init(url: WebSocketURL, nonce: [UInt8], headers: HTTPHeaders = HTTPHeaders()) {
        precondition(nonce.count == 16, "Sec-WebSocket-Key is 16 bytes")
        key = Base64.encode(nonce)
        var text = "GET \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        for field in headers { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        request = Array(text.utf8)
    }

    /// `base64(SHA-1(key + GUID))`: what the server must send back as `Sec-WebSocket-Accept` (§4.2.2).
    public static func acceptValue(for key: String) -> String {
        let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = EVP_Digest(input, input.count, &digest, &length, EVP_sha1(), nil)
        precondition(ok == 1 && length == 20, "libcrypto's SHA-1 failed")
        return Base64.encode(Array(digest.prefix(20)))
    }

    /// Checks the server's answer (§4.1, the client's checks 1–6).
    public func validate(_ head: HTTPResponseHead) throws(WebSocketError) {
        guard head.status == 101 else {
            throw .handshake("the server answered \(head.status) \(head.reason), not 101 Switching Protocols")
        }
        let upgrade = head.headers.values(for: "Upgrade")
        guard upgrade.count == 1, upgrade[0].equalsIgnoringASCIICase("websocket") else {
            throw .handshake("Upgrade is \(upgrade), not websocket")
        }
        let connection = head.headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { Self.trimmed($0).equalsIgnoringASCIICase("upgrade") }) else {
            throw .handshake("Connection does not include Upgrade")
        }
        let accept = head.headers.values(for: "Sec-WebSocket-Accept")
        guard accept.count == 1 else { throw .handshake("\(accept.count) Sec-WebSocket-Accept fields, want 1") }
        guard accept[0] == Self.acceptValue(for: key) else { throw .handshake("Sec-WebSocket-Accept does not match the key") }
        guard !head.headers.contains("Sec-WebSocket-Extensions") else {
            throw .handshake("the server chose an extension the client did not offer")
        }
        guard !head.headers.contains("Sec-WebSocket-Protocol") else {
            throw .handshake("the server chose a subprotocol the client did not offer")
        }
    }
}

extension WebSocketHandshake {
    /// A list element without the spaces and tabs around it.
    static func trimmed(_ element: Substring) -> Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = element.firstIndex(where: { !isSpace($0) }), let last = element.lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return element[first...last]
    }
}

/// Standard base64 with padding, through libcrypto's `EVP_EncodeBlock`.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        let written = EVP_EncodeBlock(&output, bytes, Int32(bytes.count))
        return String(decoding: output.prefix(Int(written)), as: UTF8.self)
    }
}
