import Foundation
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSecurity
import Synchronization
import Testing

/// The router in process: no socket, a fixed clock, a responder that records what it was asked.
@Suite("Router")
struct RouterTests {
    static let secret = "router-test-secret"
    static let now = Date(timeIntervalSince1970: 1_764_400_000)

    struct FixedClock: WallClock {
        var date: Date
        func now() -> Date { date }
    }

    final class RecordingResponder: SlashCommandResponder, @unchecked Sendable {
        // Written and read only from the test's own task, one request at a time.
        var payloads: [SlashCommandPayload] = []
        func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
            payloads.append(payload)
            return CommandReply(SlackMessage(text: "answer for \(payload.text)", responseType: .inChannel))
        }
    }

    let responder = RecordingResponder()
    let metrics = MetricsRegistry()

    var router: TenkiRouter {
        TenkiRouter(
            verifier: SlackRequestVerifier(signingSecrets: [Self.secret], clock: FixedClock(date: Self.now)),
            commands: responder, metrics: metrics, logger: .discarding)
    }

    func respond(_ request: HTTPRequest) async -> HTTPResponse {
        await router.respond(to: request)
    }

    func signedRequest(text: String = "Danang", timestamp: Int64? = nil, body: String? = nil, contentType: String = "application/x-www-form-urlencoded") -> HTTPRequest {
        let bytes = Array((body ?? FormURLEncoded.encode(SignedCommandSender.fields(command: "/weather", text: text))).utf8)
        let stamp = timestamp ?? Int64(Self.now.timeIntervalSince1970)
        var headers: HTTPHeaders = ["Content-Type": contentType]
        for (name, value) in SlackRequestSigner(signingSecret: Self.secret).headers(timestamp: stamp, body: bytes) {
            headers.add(name, value)
        }
        return HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: bytes)
    }

    @Test("a signed command reaches the responder and its message comes back as JSON")
    func signedCommand() async throws {
        let response = await respond(signedRequest(text: "Da Nang"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.headers["X-Request-Id"] != nil)
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
        #expect(message.text == "answer for Da Nang")
        #expect(responder.payloads.map(\.command) == ["/weather"])
    }

    @Test("routing comes first: unknown path 404, wrong method 405 with Allow")
    func routing() async {
        #expect(await respond(HTTPRequest(method: "GET", target: "/nope")).status == .notFound)
        let wrongMethod = await respond(HTTPRequest(method: "GET", target: "/slack/commands"))
        #expect(wrongMethod.status == .methodNotAllowed)
        #expect(wrongMethod.headers["Allow"] == "POST")
        #expect(await respond(HTTPRequest(method: "POST", target: "/healthz")).headers["Allow"] == "GET")
        #expect(responder.payloads.isEmpty)
    }

    @Test("a body over the limit keeps its routing answer: 404 or 405 first, else the server's 413")
    func routingBeforeBodyLimit() {
        #expect(router.answerWithoutBody(HTTPRequest(method: "POST", target: "/nope"))?.status == .notFound)
        #expect(router.answerWithoutBody(HTTPRequest(method: "PUT", target: "/slack/commands"))?.status == .methodNotAllowed)
        #expect(router.answerWithoutBody(HTTPRequest(method: "POST", target: "/slack/commands")) == nil)
        #expect(router.answerWithoutBody(HTTPRequest(method: "GET", target: "/healthz")) == nil)
    }

    @Test("a body over the limit on every way in is the server's 413 alone: its adapter never runs on the missing body")
    func bodyLimitOnEveryWayIn() throws {
        let harness = try AppHarness(environment: [
            "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
            "MATTERMOST_TOKENS": "mattermost-token",
        ])
        let router = harness.application.router
        let failures = {
            harness.application.metrics.exposition().split(separator: "\n").filter {
                $0.hasPrefix("tenki_signature_failures_total") || $0.contains("status=\"401\"") || $0.contains("status=\"415\"")
            }
        }
        let before = failures()
        for path in ["/slack/commands", "/slack/interactions", "/slack/events", "/mattermost/commands"] {
            #expect(router.answerWithoutBody(HTTPRequest(method: "POST", target: path)) == nil, "\(path)")
            #expect(router.answerWithoutBody(HTTPRequest(method: "PUT", target: path))?.status == .methodNotAllowed, "\(path)")
        }
        #expect(failures() == before, "no 401 or 415 counted for a body that was never read")
    }

    @Test("Expect: 100-continue is refused up front for what the body cannot change: routing, content type, no signature")
    func answersBeforeContinue() {
        let form = "application/x-www-form-urlencoded"
        #expect(router.answerBeforeContinue(HTTPRequest(method: "POST", target: "/nope"))?.status == .notFound)
        #expect(router.answerBeforeContinue(HTTPRequest(method: "PUT", target: "/slack/commands"))?.status == .methodNotAllowed)
        #expect(router.answerBeforeContinue(
            HTTPRequest(method: "POST", target: "/slack/commands", headers: ["Content-Type": "text/plain"]))?.status == .unsupportedMediaType)
        #expect(router.answerBeforeContinue(
            HTTPRequest(method: "POST", target: "/slack/commands", headers: ["Content-Type": form]))?.status == .unauthorized)
        #expect(router.answerBeforeContinue(HTTPRequest(method: "POST", target: "/slack/commands", headers: [
            "Content-Type": form, "X-Slack-Request-Timestamp": "1", "X-Slack-Signature": "v0=00",
        ])) == nil)
        #expect(metrics.counter("tenki_signature_failures_total", [("reason", "missing_header")]) == 1)
        #expect(responder.payloads.isEmpty)
    }

    @Test("a content type other than a form is 415, before verification")
    func contentType() async {
        let response = await respond(signedRequest(contentType: "application/json"))
        #expect(response.status == .unsupportedMediaType)
        #expect(await respond(signedRequest(contentType: "application/x-www-form-urlencoded; charset=utf-8")).status == .ok)
    }

    @Test("a form is recognised exactly as sent, in any case, with spaces or parameters; nothing else is one", arguments: [
        ("application/x-www-form-urlencoded", true), ("Application/X-WWW-Form-Urlencoded", true),
        (" application/x-www-form-urlencoded\t", true), ("application/x-www-form-urlencoded;charset=utf-8", true),
        ("application/x-www-form-urlencodee", false), ("application/x-www-form-urlencoded2", false),
        ("multipart/form-data", false), ("", false),
    ])
    func formMediaType(contentType: String, isForm: Bool) {
        #expect(TenkiRouter.isFormEncoded(contentType) == isForm)
    }

    @Test("a bad signature is 401, counted by reason, and the command never runs", arguments: [
        ("stale", Int64(-301)), ("future", Int64(301)),
    ])
    func rejected(label: String, skew: Int64) async {
        let response = await respond(signedRequest(timestamp: Int64(Self.now.timeIntervalSince1970) + skew))
        #expect(response.status == .unauthorized)
        #expect(responder.payloads.isEmpty)
        #expect(metrics.counter("tenki_signature_failures_total", [("reason", "\(label)_timestamp")]) == 1)
    }

    @Test("an unsigned request is 401")
    func unsigned() async {
        let body = Array("command=%2Fweather&text=x&user_id=U1".utf8)
        let response = await respond(HTTPRequest(method: "POST", target: "/slack/commands", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body))
        #expect(response.status == .unauthorized)
        #expect(responder.payloads.isEmpty)
    }

    @Test("Slack's ssl_check ping gets an empty 200 and runs nothing")
    func sslCheck() async {
        let response = await respond(signedRequest(body: "ssl_check=1&token=abc"))
        #expect(response.status == .ok)
        #expect(response.body.isEmpty)
        #expect(responder.payloads.isEmpty)
    }

    @Test("a signed body that is not a slash command is 400 with a reason")
    func undecodable() async {
        let response = await respond(signedRequest(body: "text=%zz"))
        #expect(response.status == .badRequest)
        #expect(!response.body.isEmpty)
    }

    @Test("metrics can require a bearer token, or live on their own listener")
    func metricsAccess() {
        let guarded = TenkiRouter(verifier: nil, commands: responder, metrics: metrics, logger: .discarding, metricsAccess: .bearer("s3cret"))
        #expect(guarded.handleInline(HTTPRequest(method: "GET", target: "/metrics"))?.status == .unauthorized)
        #expect(guarded.handleInline(HTTPRequest(method: "GET", target: "/metrics", headers: ["Authorization": "Bearer wrong"]))?.status == .unauthorized)
        #expect(guarded.handleInline(HTTPRequest(method: "GET", target: "/metrics", headers: ["Authorization": "Bearer s3cret"]))?.status == .ok)
        // The scheme is case-insensitive (RFC 9110 §11.1); the token is not.
        for scheme in ["bearer s3cret", "BEARER s3cret", "Bearer  s3cret"] {
            #expect(guarded.handleInline(HTTPRequest(method: "GET", target: "/metrics", headers: ["Authorization": scheme]))?.status == .ok)
        }
        for refused in ["Bearer S3CRET", "Basic s3cret", "Bearer", "Bearer ", "s3cret", "Bearers3cret"] {
            #expect(guarded.handleInline(HTTPRequest(method: "GET", target: "/metrics", headers: ["Authorization": refused]))?.status == .unauthorized)
        }
        let main = TenkiRouter(verifier: nil, commands: responder, metrics: metrics, logger: .discarding, metricsAccess: .elsewhere)
        #expect(main.handleInline(HTTPRequest(method: "GET", target: "/metrics"))?.status == .notFound)
        let metricsOnly = TenkiRouter(verifier: nil, commands: responder, metrics: metrics, logger: .discarding, servesCommands: false)
        #expect(metricsOnly.handleInline(HTTPRequest(method: "POST", target: "/slack/commands"))?.status == .notFound)
        #expect(metricsOnly.handleInline(HTTPRequest(method: "GET", target: "/metrics"))?.status == .ok)
    }

    @Test("pipelined scrapes share one exposition until a second has passed on the router's clock")
    func metricsAreCached() {
        let clock = Mutex(ContinuousClock.now)
        var router = TenkiRouter(verifier: nil, commands: responder, metrics: metrics, logger: .discarding)
        router.metricsClock = { clock.withLock { $0 } }
        let scrape = { String(decoding: router.handleInline(HTTPRequest(method: "GET", target: "/metrics"))?.body ?? [], as: UTF8.self) }
        let first = scrape()
        metrics.increment("t_cached_total")
        clock.withLock { $0 = $0.advanced(by: .milliseconds(999)) }
        #expect(scrape() == first)
        #expect(!first.contains("t_cached_total"))
        clock.withLock { $0 = $0.advanced(by: .milliseconds(1)) }
        #expect(scrape().contains("t_cached_total 1\n"))
    }

    @Test("health turns 503 while draining; metrics are Prometheus text")
    func healthAndMetrics() async {
        #expect(await respond(HTTPRequest(method: "GET", target: "/healthz")).status == .ok)
        let draining = TenkiRouter(verifier: nil, commands: responder, metrics: metrics, logger: .discarding, isDraining: { true })
        #expect(draining.handleInline(HTTPRequest(method: "GET", target: "/healthz"))?.status == .serviceUnavailable)
        _ = await respond(signedRequest())
        let exposition = String(decoding: await respond(HTTPRequest(method: "GET", target: "/metrics")).body, as: UTF8.self)
        #expect(exposition.contains("# TYPE tenki_http_requests_total counter"))
        #expect(exposition.contains(#"tenki_http_requests_total{route="commands",status="200"} 1"#))
        #expect(exposition.contains("tenki_http_request_duration_seconds_bucket"))
    }
}
