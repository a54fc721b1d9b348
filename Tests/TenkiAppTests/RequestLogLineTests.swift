import Foundation
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiFakes
import TenkiTestSupport
import Testing

/// The listener's one line per request: its fields and their order, whichever sink receives it.
@Suite("Request log line")
struct RequestLogLineTests {
    struct Echo: SlashCommandResponder {
        func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
            CommandReply(SlackMessage(text: "echo \(payload.text)", responseType: .ephemeral))
        }
    }

    func router(_ logs: InMemoryLogSink) -> TenkiRouter {
        TenkiRouter(verifier: nil, commands: Echo(), metrics: MetricsRegistry(), logger: logs.logger(threshold: .info))
    }

    func isDuration(_ value: String?) -> Bool {
        guard let value, let dot = value.firstIndex(of: ".") else { return false }
        return value[..<dot].allSatisfy(\.isNumber) && value[value.index(after: dot)...].count == 2
            && value[value.index(after: dot)...].allSatisfy(\.isNumber)
    }

    @Test("a rejected request logs method, route, status, duration and remote address, at info")
    func inlineLine() throws {
        let logs = InMemoryLogSink()
        let router = router(logs)
        _ = router.handleInline(HTTPRequest(method: "GET", target: "/nowhere", remoteAddress: "10.0.0.7:4242"))
        _ = router.handleInline(HTTPRequest(method: "GET", target: "/healthz"))  // debug: not written at info
        let records = logs.records
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.level == .info)
        #expect(record.message == "request")
        #expect(record.metadata.map(\.key) == ["method", "route", "status", "duration_ms", "remote"])
        #expect(record.value("method") == "GET")
        #expect(record.value("route") == "unknown")
        #expect(record.value("status") == "404")
        #expect(isDuration(record.value("duration_ms")))
        #expect(record.value("remote") == "10.0.0.7:4242")
    }

    @Test("a command's line starts with its request id, the one in X-Request-Id")
    func commandLine() async throws {
        let logs = InMemoryLogSink()
        let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(command: "/weather", text: "Danang")).utf8)
        let request = HTTPRequest(
            method: "POST", target: TenkiRouter.commandsPath,
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body, remoteAddress: "127.0.0.1:50000")
        let response = await router(logs).respond(to: request)
        let record = try #require(logs.records.last { $0.message == "request" })
        #expect(record.metadata.map(\.key) == ["request_id", "method", "route", "status", "duration_ms", "remote"])
        #expect(record.value("request_id") == response.headers["X-Request-Id"])
        #expect(record.value("route") == "commands")
        #expect(record.value("status") == "200")
        #expect(isDuration(record.value("duration_ms")))
    }
}
