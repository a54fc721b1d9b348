import Foundation
import TenkiFakes
import TenkiHTTPClient
import TenkiWebSocket
import Testing

/// The control API of `tenki fakes` under `/socket-mode/`, as process tests and bench scripts use it.
@Suite("Fake Socket Mode control API", .timeLimit(.minutes(2)))
struct FakeSocketModeControlTests {
    let fakes = FakeUpstreams()

    func call(_ method: String, _ path: String, _ body: String = "") async throws -> (Int, [String: Any]) {
        let url = try #require(URL(string: "http://127.0.0.1:9090/socket-mode/\(path)"))
        let response = try await HandlerTransport(fakes).send(
            OutboundRequest(method: method, url: url, headers: ["Host": "127.0.0.1:9090"], body: Array(body.utf8)))
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return (response.status, object ?? ["text": String(decoding: response.body, as: UTF8.self)])
    }

    @Test("envelopes in short form reach the client, acknowledgements and connections are listed, disconnect and close are sent")
    func wholeRound() async throws {
        defer { fakes.socketMode.stop() }
        let (noConnection, refusal) = try await call("POST", "envelopes", #"{"type": "slash_commands", "command": "/weather"}"#)
        #expect(noConnection == 409 && (refusal["error"] as? String)?.contains("no Socket Mode connection") == true)

        let connection = try await FakeSocketModeServerTests.connected(fakes.socketMode)
        let body =
            #"{"type": "slash_commands", "command": "/weather", "text": "Danang", "envelope_id": "e", "retry_attempt": 1, "count": 2}"#
        let (status, sent) = try await call("POST", "envelopes", body)
        #expect(
            status == 200 && (sent["sent"] as? [[String: Any]])?.compactMap { $0["envelope_id"] as? String } == ["e-1", "e-2"])
        for id in ["e-1", "e-2"] {
            let envelope = try FakeSocketModeServerTests.object(try await connection.receive())
            let payload = try #require(envelope["payload"] as? [String: Any])
            #expect(envelope["envelope_id"] as? String == id && envelope["retry_attempt"] as? Int == 1)
            #expect(payload["text"] as? String == "Danang")
            #expect(payload["response_url"] as? String == "http://127.0.0.1:9090/services/response_url/\(id)")
            try await connection.send(.text(#"{"envelope_id": "\#(id)", "payload": {"text": "ok"}}"#))
        }
        #expect(try await FakeSocketModeServerTests.until { fakes.socketMode.acknowledgements.count == 2 })
        let (_, listing) = try await call("GET", "acknowledgements")
        let acks = try #require(listing["acknowledgements"] as? [[String: Any]])
        #expect(acks.map { $0["envelope_id"] as? String } == ["e-1", "e-2"])
        let (_, later) = try await call("GET", "acknowledgements?since=1")
        #expect((later["acknowledgements"] as? [[String: Any]])?.map { $0["envelope_id"] as? String } == ["e-2"])
        #expect((acks[0]["payload"] as? [String: Any])?["text"] as? String == "ok" && acks[0]["latency_ms"] is Double)

        let press = #"{"type": "interactive", "action_id": "tenki.weather.hourly", "value": "v", "envelope_id": "p"}"#
        #expect(try await call("POST", "envelopes", press).0 == 200)
        let envelope = try FakeSocketModeServerTests.object(try await connection.receive())
        let actions = (envelope["payload"] as? [String: Any])?["actions"] as? [[String: Any]]
        #expect(envelope["type"] as? String == "interactive" && actions?.first?["action_id"] as? String == "tenki.weather.hourly")

        #expect(try await call("POST", "disconnect", #"{"reason": "warning"}"#).0 == 200)
        #expect(try FakeSocketModeServerTests.object(try await connection.receive())["reason"] as? String == "warning")
        #expect(try await call("POST", "close", #"{"code": 4001}"#).0 == 200)
        await #expect(throws: WebSocketError.self) { try await connection.receive() }
        #expect(try await FakeSocketModeServerTests.until { fakes.socketMode.openConnections.isEmpty })
        let (_, connections) = try await call("GET", "connections")
        let first = try #require((connections["connections"] as? [[String: Any]])?.first)
        #expect(first["closed_by"] as? String == "server" && first["close_code"] as? Int == 4001)
        #expect(first["disconnect_reason"] as? String == "warning" && first["open"] as? Bool == false)
    }

    @Test(
        "bad requests are refused with a reason",
        arguments: [
            ("POST", "envelopes", #"{"type": "nope"}"#, 400), ("POST", "envelopes", "[1]", 400),
            ("POST", "envelopes", #"{"type": "events_api"}"#, 400), ("POST", "close", #"{"code": 99}"#, 400),
            ("DELETE", "connections", "", 405), ("GET", "elsewhere", "", 404),
        ])
    func refusals(method: String, path: String, body: String, status: Int) async throws {
        #expect(try await call(method, path, body).0 == status)
    }
}
