import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPClient
import Testing

@testable import TenkiSecurity
@testable import TenkiSlackAPI

/// `apps.connections.open` against scripted answers: the request Slack gets, and each refusal as
/// the typed error the connection manager acts on.
@Suite("Slack apps.connections.open")
struct SlackAppsConnectionsClientTests {
    static let token = "xapp-1-A1-2-SHOULDNOTLEAK"

    /// Answers every request with one response, remembering the requests.
    final class Answering: HTTPTransport {
        let response: OutboundResponse
        let requests = Mutex<[OutboundRequest]>([])

        init(_ response: OutboundResponse) { self.response = response }

        func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
            requests.withLock { $0.append(request) }
            return response
        }
    }

    func client(status: Int = 200, headers: HTTPHeaders = [:], _ body: String) -> (SlackAppsConnectionsClient, Answering) {
        let transport = Answering(OutboundResponse(status: status, headers: headers, body: Array(body.utf8)))
        let client = SlackAppsConnectionsClient(
            transport: transport, baseURL: URL(string: "http://127.0.0.1:9/api")!, token: SlackAppToken(Self.token)!)
        return (client, transport)
    }

    @Test("POST {base}/apps.connections.open with the app token as Bearer; the answer's url comes back")
    func opens() async throws {
        let (client, transport) = client(#"{"ok": true, "url": "wss://wss-primary.slack.com/link/?ticket=abc&app_id=A1"}"#)
        let url = try await client.open()
        #expect(url == "wss://wss-primary.slack.com/link/?ticket=abc&app_id=A1")
        let request = try #require(transport.requests.withLock { $0.first })
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://127.0.0.1:9/api/apps.connections.open")
        #expect(request.headers["Authorization"] == "Bearer \(Self.token)")
    }

    @Test(
        "Slack's refusals as typed errors, never with the token",
        arguments: [
            (#"{"ok": false, "error": "invalid_auth"}"#, AppsConnectionsOpenError.tokenRefused(code: "invalid_auth")),
            (#"{"ok": false, "error": "not_allowed_token_type"}"#, .tokenRefused(code: "not_allowed_token_type")),
            (#"{"ok": false, "error": "too_many_websockets"}"#, .tooManyWebSockets),
            (#"{"ok": false, "error": "ratelimited"}"#, .rateLimited(retryAfter: nil)),
            (#"{"ok": false, "error": "socket_mode_not_enabled"}"#, .refused(code: "socket_mode_not_enabled")),
            (#"{"ok": false, "error": "Has <Spaces> xapp-1-A1-2-SHOULDNOTLEAK"}"#, .refused(code: "unknown_error")),
            (#"{"ok": true}"#, .unavailable(.unreadableAnswer(method: "apps.connections.open"))),
            ("<html>", .unavailable(.unreadableAnswer(method: "apps.connections.open"))),
        ])
    func refusals(_ body: String, _ expected: AppsConnectionsOpenError) async {
        let (client, _) = client(body)
        do {
            _ = try await client.open()
            Issue.record("opened with \(body)")
        } catch {
            #expect(error == expected)
            #expect(!error.description.contains("SHOULDNOTLEAK"))
        }
    }

    @Test("a 429 is rate limited with its Retry-After; a 503 is unavailable")
    func statuses() async {
        let (limited, _) = client(status: 429, headers: ["Retry-After": "30"], "")
        await #expect(throws: AppsConnectionsOpenError.rateLimited(retryAfter: .seconds(30))) { try await limited.open() }
        let (down, _) = client(status: 503, "")
        await #expect(
            throws: AppsConnectionsOpenError.unavailable(.status(method: "apps.connections.open", code: 503, retryAfter: nil))
        ) {
            try await down.open()
        }
    }
}
