import TenkiBase
import Testing

@testable import TenkiWebSocket

/// The opening handshake (RFC 6455 §4), with the RFC's own key, and the response-head parser.
@Suite struct WebSocketHandshakeTests {
    /// §1.3: the key of the nonce "the sample nonce" and the accept value it must get back.
    static let nonce = Array("the sample nonce".utf8)
    static let url = try! WebSocketURL("wss://wss-primary.slack.com/link/?ticket=abc")

    static func response(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) }

    static let good = [
        "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
    ]

    @Test func theAcceptValueIsTheRFCs() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func theRequestNamesHostKeyAndVersion() {
        let handshake = WebSocketHandshake(url: Self.url, nonce: Self.nonce, headers: ["Authorization": "Bearer x"])
        #expect(handshake.key == "dGhlIHNhbXBsZSBub25jZQ==")
        let text = String(decoding: handshake.request, as: UTF8.self)
        #expect(
            text == """
                GET /link/?ticket=abc HTTP/1.1\r
                Host: wss-primary.slack.com\r
                Upgrade: websocket\r
                Connection: Upgrade\r
                Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
                Sec-WebSocket-Version: 13\r
                Authorization: Bearer x\r
                \r

                """)
    }

    @Test func aGood101IsAcceptedAndTheBytesAfterItAreKept() throws {
        let handshake = WebSocketHandshake(url: Self.url, nonce: Self.nonce)
        let bytes = Self.response(
            Self.good.map { $0.replacingOccurrences(of: "Connection: Upgrade", with: "connection: keep-alive, upgrade") })
        let (head, length) = try #require(try HTTPResponseHead.parse(bytes + [0x81, 0x00]))
        #expect(length == bytes.count)
        #expect(head.status == 101)
        try handshake.validate(head)
    }

    @Test(arguments: [
        (0, "HTTP/1.1 403 Forbidden", "the server answered 403 Forbidden, not 101 Switching Protocols"),
        (1, "Upgrade: h2c", "Upgrade is [\"h2c\"], not websocket"),
        (2, "Connection: close", "Connection does not include Upgrade"),
        (3, "Sec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "Sec-WebSocket-Accept does not match the key"),
    ])
    func aWrongAnswerIsRefused(_ line: Int, _ replacement: String, _ reason: String) throws {
        var lines = Self.good
        lines[line] = replacement
        let (head, _) = try #require(try HTTPResponseHead.parse(Self.response(lines)))
        #expect(throws: WebSocketError.handshake(reason)) {
            try WebSocketHandshake(url: Self.url, nonce: Self.nonce).validate(head)
        }
    }

    @Test(arguments: ["Sec-WebSocket-Extensions: permessage-deflate", "Sec-WebSocket-Protocol: chat"])
    func anExtensionOrSubprotocolNobodyOfferedIsRefused(_ extra: String) throws {
        let (head, _) = try #require(try HTTPResponseHead.parse(Self.response(Self.good + [extra])))
        #expect(throws: WebSocketError.self) { try WebSocketHandshake(url: Self.url, nonce: Self.nonce).validate(head) }
    }

    @Test func anIncompleteHeadWaitsForMore() throws {
        #expect(try HTTPResponseHead.parse(Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n".utf8)) == nil)
    }

    @Test(arguments: [
        ("HTTP/1.1 101 OK\nUpgrade: websocket\r\n\r\n", "bare LF in the response head"),
        ("HTTP/1.1 101 OK\r\nUpgrade: web\rsocket\r\n\r\n", "bare CR in the response head"),
        ("HTTP/1.1 101 OK\r\nX-A: 1\r\n folded\r\n\r\n", "obsolete line folding"),
        ("HTTP/2 101 OK\r\n\r\n", "not an HTTP/1.1 status line: HTTP/2 101 OK"),
        ("HTTP/1.1 1x1 OK\r\n\r\n", "invalid status code"),
        ("HTTP/1.1 101 OK\r\nBad Name: x\r\n\r\n", "invalid header name"),
        ("HTTP/1.1 101 OK\r\nX: a\u{01}b\r\n\r\n", "control character in the value of X"),
    ])
    func aMalformedHeadIsRefused(_ text: String, _ reason: String) {
        #expect(throws: WebSocketError.handshake(reason)) { try HTTPResponseHead.parse(Array(text.utf8)) }
    }

    @Test func anEndlessHeadIsRefusedAtTheLimit() {
        let bytes = Array("HTTP/1.1 101 OK\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: HTTPResponseHead.maxBytes)
        #expect(throws: WebSocketError.handshake("response head over 16384 bytes")) { try HTTPResponseHead.parse(bytes) }
    }
}
