import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiLogging
import TenkiMetrics
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The real connector (apps.connections.open, then Tenki's WebSocket client) against a scripted
/// Web API: a refused token is an error line, a URL that cannot be reached a warning, and neither
/// the app token nor the URL's ticket is ever in a log line.
@Suite("Socket Mode connector logs", .timeLimit(.minutes(1)))
struct SocketModeConnectorLogTests {
    static let token = "xapp-1-A1-2-TOKEN-SHOULD-NOT-LEAK"
    static let ticket = "TICKET-SHOULD-NOT-LEAK"

    @Test(
        "invalid_auth, then a URL nobody listens on: logged without the token or the ticket",
        arguments: [
            #"{"ok":false,"error":"invalid_auth"}"#,
            #"{"ok":true,"url":"ws://127.0.0.1:1/link/?ticket=\#(ticket)&app_id=A1"}"#,
            #"{"ok":true,"url":"wss://bad host/link/?ticket=\#(ticket)"}"#,
        ])
    func noSecrets(_ answer: String) async throws {
        let sink = InMemoryLogSink()
        let transport = AnsweringTransport { _ in OutboundResponse(status: 200, body: Array(answer.utf8)) }
        let metrics = MetricsRegistry()
        let router = TenkiRouter(verifier: nil, commands: RouterTests.RecordingResponder(), metrics: metrics, logger: .discarding)
        var service = SocketModeService(
            settings: SocketModeSettings(appToken: SlackAppToken(Self.token)!, connections: 1),
            apiBase: URL(string: "http://127.0.0.1:9/api")!, transport: transport, router: router, metrics: metrics,
            logger: sink.logger())
        let attempts = SocketTimeline()
        // The Web API answers at once: after the second wait, the service waits until the test stops it.
        service.sleep = { _ in
            attempts.record("slept")
            if attempts.all.count >= 2 { await untilCancelled() }
        }
        let run = Task { await service.run() }
        await attempts.wait { attempts.all.count >= 2 }
        run.cancel()
        await run.value
        let lines = sink.lines
        #expect(lines.contains { $0.contains("socket mode connection") })
        if answer.contains("invalid_auth") {
            #expect(lines.contains { $0.contains("level=error") && $0.contains("invalid_auth") })
        }
        #expect(!lines.contains { $0.contains("SHOULD-NOT-LEAK") })
        #expect(transport.requests.allSatisfy { $0.headers["Authorization"] == "Bearer \(Self.token)" })
    }
}
