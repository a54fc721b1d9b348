import Foundation
import TenkiFakes
import TenkiHTTPClient
import Testing

/// `tenki fakes` as a process of its own, driven through its Socket Mode control API
/// (`/socket-mode/…`) and read through `/webhooks/posts`, as the Socket Mode process tests and
/// bench/socket-mode.sh use it. `serve`'s settings for it come from what it prints.
struct SocketModeFakesProcess {
    let process: ChildProcess
    let origin: String
    let environment: [String: String]
    let transport = CurlTransport()

    /// Starts `tenki fakes` (`extra`: more options, such as `--latency-ms`).
    static func start(_ extra: [String] = []) async throws -> SocketModeFakesProcess {
        let process = try ChildProcess(["fakes", "--port", "0"] + extra, environment: [:])
        let (out, _) = try await process.waitFor("the fakes' settings") { out, _ in out.contains("SLACK_APP_TOKEN=") }
        let origin = try #require(ChildProcess.setting("OPENWEATHER_BASE_URL", in: out))
        let appToken = try #require(out.split(separator: " ").first { $0.hasPrefix("SLACK_APP_TOKEN=") }).dropFirst(
            "SLACK_APP_TOKEN=".count)
        var environment: [String: String] = [
            "SLACK_SIGNING_SECRET": ServeProcessTests.secret, "SLACK_APP_TOKEN": String(appToken),
            "TENKI_SOCKET_CONNECTIONS": "1", "TENKI_ALLOWED_RESPONSE_HOSTS": "127.0.0.1", "TENKI_DRAIN_DELAY_MS": "0", "TENKI_USER_RATE_LIMIT": "0",
        ]
        for name in ["OPENWEATHER_BASE_URL", "OPENWEATHER_API_KEY", "NEWSAPI_BASE_URL", "NEWSAPI_KEY", "SLACK_API_BASE_URL"] {
            environment[name] = ChildProcess.setting(name, in: out)
        }
        return SocketModeFakesProcess(process: process, origin: origin, environment: environment)
    }

    func stop() { process.stop() }

    struct ControlFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A control API call; the answer's JSON object.
    @discardableResult
    func control(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let url = try #require(URL(string: "\(origin)/socket-mode/\(path)"))
        let response: OutboundResponse
        do {
            response = try await transport.send(OutboundRequest(method: method, url: url, body: Array(data)))
        } catch {
            throw ControlFailure(description: "\(method) \(path): \(error); the fakes' log:\n\(process.stderr)")
        }
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return try #require(
            object, "\(method) \(path) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
    }

    /// Sends a slash command envelope; its `response_url` is the fakes' `/services/response_url/ID`.
    func command(_ text: String, id: String, retryAttempt: Int = 0, count: Int = 1) async throws {
        try await control(
            "POST", "envelopes",
            [
                "type": "slash_commands", "command": "/weather", "text": text, "envelope_id": id, "retry_attempt": retryAttempt,
                "count": count,
            ])
    }

    var acknowledgements: [[String: Any]] {
        get async throws { try await control("GET", "acknowledgements")["acknowledgements"] as? [[String: Any]] ?? [] }
    }

    var connections: [[String: Any]] {
        get async throws { try await control("GET", "connections")["connections"] as? [[String: Any]] ?? [] }
    }

    /// The acknowledgements of envelope `id`, in arrival order.
    func acknowledgements(of id: String) async throws -> [[String: Any]] {
        try await acknowledgements.filter { $0["envelope_id"] as? String == id }
    }

    /// The bodies posted to envelope `id`'s default `response_url`.
    func posts(to id: String) async throws -> [String] {
        let url = try #require(URL(string: "\(origin)/webhooks/posts"))
        let response = try await transport.send(OutboundRequest(method: "GET", url: url))
        let posts = try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]] ?? []
        return posts.filter { $0["path"] as? String == "/services/response_url/\(id)" }.compactMap { $0["body"] as? String }
    }

    /// Waits (bounded) until `serve` has a Socket Mode connection open.
    func waitForConnection(limit: Duration = .seconds(60)) async throws -> Bool {
        try await TenkiRun.until(limit: limit) { try await connections.contains { $0["open"] as? Bool == true } }
    }

    /// The payload of an acknowledgement as JSON text ("" when it had none).
    static func payloadText(_ acknowledgement: [String: Any]) -> String {
        guard let payload = acknowledgement["payload"], let data = try? JSONSerialization.data(withJSONObject: payload) else {
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }
}
