import Foundation
import TenkiFakes
import TenkiHTTPClient
import TenkiWebSocket
import Testing

/// The fake Socket Mode server, driven by Tenki's own WebSocket client over loopback `ws://`:
/// `apps.connections.open` hands out one-time URLs, the server says `hello`, sends envelopes,
/// records acknowledgements, and can send `disconnect` and close frames.
@Suite("Fake Socket Mode server", .timeLimit(.minutes(2)))
struct FakeSocketModeServerTests {
    static let hook = "http://127.0.0.1:9/hooks/socket"

    /// A started server and a client connected through a URL it issued, past its `hello`.
    static func connected(_ server: FakeSocketModeServer = FakeSocketModeServer()) async throws -> WebSocketConnection {
        try server.start()
        let connection = try await WebSocketConnection.open(try WebSocketURL(try #require(server.connectionURL())))
        let hello = try await object(connection.receive())
        #expect(hello["type"] as? String == "hello")
        return connection
    }

    static func object(_ message: WebSocketMessage) throws -> [String: Any] {
        guard case .text(let text) = message else { throw WebSocketError.handshake("not text") }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Polls `condition` every 10 ms for at most 20 s (the bound only stops a broken test).
    static func until(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return condition()
    }

    @Test("apps.connections.open answers a fresh ws:// URL per call with the app token, and refuses a bot token")
    func connectionsOpen() async throws {
        let fakes = FakeUpstreams()
        defer { fakes.socketMode.stop() }
        let transport = HandlerTransport(fakes)
        let url = try #require(URL(string: "http://127.0.0.1/slack-api/apps.connections.open"))
        func open(_ token: String) async throws -> [String: Any] {
            let response = try await transport.send(
                OutboundRequest(method: "POST", url: url, headers: ["Authorization": "Bearer \(token)"], body: []))
            return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }
        let first = try await open(fakes.slackAPI.appToken)
        let second = try await open(fakes.slackAPI.appToken)
        let firstURL = try #require(first["url"] as? String)
        let port = try #require(fakes.socketMode.port)
        #expect(first["ok"] as? Bool == true && firstURL.hasPrefix("ws://127.0.0.1:\(port)/"))
        #expect(second["url"] as? String != firstURL)
        let botToken = try await open(fakes.slackAPI.token)
        let wrongToken = try await open("xapp-wrong")
        #expect(botToken["error"] as? String == "not_allowed_token_type")
        #expect(wrongToken["error"] as? String == "invalid_auth")
        #expect(fakes.slackAPI.connectionOpenCount == 4)
    }

    @Test("an envelope reaches the client as Slack frames it, and its acknowledgement is recorded with its payload")
    func envelopeAndAcknowledgement() async throws {
        let server = FakeSocketModeServer()
        defer { server.stop() }
        let connection = try await Self.connected(server)
        let envelope = FakeSocketModeEnvelope.slashCommand(
            envelopeID: "e-1", command: "/weather", text: "Danang", responseURL: Self.hook)
        try server.send(envelope)
        let received = try Self.object(try await connection.receive())
        #expect(received["envelope_id"] as? String == "e-1" && received["type"] as? String == "slash_commands")
        #expect(received["accepts_response_payload"] as? Bool == true && received["retry_attempt"] as? Int == 0)
        let payload = try #require(received["payload"] as? [String: Any])
        #expect(payload["command"] as? String == "/weather" && payload["text"] as? String == "Danang")
        #expect(payload["response_url"] as? String == Self.hook)

        try await connection.send(.text("{\"envelope_id\":\"e-1\",\"payload\":{\"text\":\"Da Nang 31°C\"}}"))
        #expect(try await Self.until { !server.acknowledgements.isEmpty })
        let ack = try #require(server.acknowledgements.first)
        #expect(ack.envelopeID == "e-1" && ack.payloadJSON == "{\"text\":\"Da Nang 31°C\"}")
        #expect(ack.latency != nil && ack.connection == server.connections.first?.id)
        try await connection.send(.text("{\"type\":\"not an ack\"}"))
        #expect(try await Self.until { server.unexpectedMessages.count == 1 })
        try await connection.close()
    }

    @Test("a ticket opens one connection only, and an unknown one is refused with 401")
    func ticketsAreOneTime() async throws {
        let server = FakeSocketModeServer()
        defer { server.stop() }
        try server.start()
        let url = try WebSocketURL(try #require(server.connectionURL()))
        let first = try await WebSocketConnection.open(url)
        await #expect(throws: WebSocketError.self) { try await WebSocketConnection.open(url) }
        let port = try #require(server.port)
        await #expect(throws: WebSocketError.self) {
            try await WebSocketConnection.open(try WebSocketURL("ws://127.0.0.1:\(port)/link/?ticket=made-up"))
        }
        #expect(server.connections.count == 1)
        try await first.close()
    }

    @Test("disconnect is sent with its reason, later envelopes go to the newer connection, and opens and closes are ordered")
    func disconnectAndOrder() async throws {
        let server = FakeSocketModeServer()
        defer { server.stop() }
        let old = try await Self.connected(server)
        try server.sendDisconnect(reason: "refresh_requested")
        let disconnect = try Self.object(try await old.receive())
        #expect(disconnect["type"] as? String == "disconnect" && disconnect["reason"] as? String == "refresh_requested")
        let new = try await Self.connected(server)
        for index in 0..<3 {
            try server.send(.slashCommand(envelopeID: "e-\(index)", command: "/weather", text: "Hue", responseURL: Self.hook))
        }
        #expect(Set(server.sentEnvelopes.map(\.connection)) == [2], "every envelope on the fresh connection")
        try await old.close(code: WebSocketCloseCode(4000), reason: "replaced")
        #expect(try await Self.until { server.openConnections.map(\.id) == [2] })
        let records = server.connections
        #expect(
            records[0].closedBy == .client && records[0].closeCode == 4000 && records[0].disconnectReason == "refresh_requested")
        #expect(records[1].openedOrder < records[0].closedOrder!, "the new connection opened before the old one closed")
        for index in 0..<3 { #expect(try Self.object(try await new.receive())["envelope_id"] as? String == "e-\(index)") }
        try server.close(code: 1001, reason: "going away")
        await #expect(throws: WebSocketError.closed(WebSocketClose(code: .goingAway, reason: "going away"))) {
            try await new.receive()
        }
        #expect(try await Self.until { server.openConnections.isEmpty })
        #expect(server.connections[1].closedBy == .server && server.connections[1].closeCode == 1001)
    }

    @Test("pings are answered, and sending with no open connection says so")
    func pingsAndNoConnection() async throws {
        let server = FakeSocketModeServer()
        defer { server.stop() }
        #expect(throws: FakeSocketModeError.noOpenConnection(nil)) {
            try server.send(.slashCommand(envelopeID: "e", command: "/weather", text: "Hue", responseURL: Self.hook))
        }
        let connection = try await Self.connected(server)
        try await connection.ping()
        try await connection.close()
        #expect(try await Self.until { server.openConnections.isEmpty })
        #expect(throws: FakeSocketModeError.noOpenConnection(1)) { try server.sendDisconnect(on: 1) }
    }
}
