import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSecurity
import TenkiTestSupport

@testable import TenkiApp

/// The whole application in process: fake providers behind a `HandlerTransport`, a fixed clock,
/// and signed requests handed straight to the router. No socket; the loopback suites cover those.
struct AppHarness {
    static let secret = "harness-secret"
    static let key = "harness-key"
    /// 2026-12-01 00:00 UTC, a little after the fake news samples were published.
    static let now = Date(timeIntervalSince1970: 1_796_083_200)

    /// The inline budget as tests want it by default: never spent, so a busy machine cannot turn
    /// an answer into a placeholder. Tests about the budget pass their own.
    static let budgetNeverSpent: @Sendable (Duration) async -> Void = { _ in try? await Task.sleep(for: .seconds(3600)) }

    struct FixedClock: WallClock {
        var date: Date
        func now() -> Date { date }
    }

    let fakes: FakeUpstreams
    let application: TenkiServer

    init(
        environment extra: [String: String] = [:], logger: Logger = .discarding, metrics: MetricsRegistry = MetricsRegistry(),
        lateAnswers: ServerDependencies.LateAnswerRoute = .none, state: ServerDependencies.StateLocation = .memory,
        verifier: (any CommandRequestVerifier)? = nil,
        decoder: any CommandDecoder = FormCommandDecoder(),
        waitForBudget: @escaping @Sendable (Duration) async -> Void = AppHarness.budgetNeverSpent,
        renderers: PlatformRenderers = .standard,
        clock: any WallClock = FixedClock(date: AppHarness.now),
        fakes: FakeUpstreams = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: AppHarness.key, clock: FixedClock(date: AppHarness.now)),
            news: FakeNewsAPI(apiKey: AppHarness.key)
        )
    ) throws {
        var environment = [
            "SLACK_SIGNING_SECRET": Self.secret,
            "OPENWEATHER_API_KEY": Self.key, "OPENWEATHER_BASE_URL": "http://fakes.test",
            "NEWSAPI_KEY": Self.key, "NEWSAPI_BASE_URL": "http://fakes.test",
        ]
        for (name, value) in extra { environment[name] = value.isEmpty ? nil : value }
        let settings = try Settings.load(environment: environment)
        self.fakes = fakes
        var dependencies = ServerDependencies(
            transport: HandlerTransport(fakes), clock: clock, logger: logger, metrics: metrics,
            state: state,
            lateAnswers: lateAnswers, verifier: verifier, decoder: decoder, waitForBudget: waitForBudget)
        dependencies.renderers = renderers
        self.application = try TenkiServer.build(settings: settings, dependencies: dependencies)
    }

    /// A slash command request signed with the harness's secret at the harness's time.
    static func signedRequest(_ command: String, _ text: String, userID: String = "U0TENKIDEMO") -> HTTPRequest {
        signedRequest(fields: SignedCommandSender.fields(command: command, text: text, userID: userID))
    }

    /// A slash command request with exactly these form fields, signed as above.
    static func signedRequest(fields: [(String, String)]) -> HTTPRequest {
        let body = Array(FormURLEncoded.encode(fields).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        for (name, value) in SlackRequestSigner(signingSecret: Self.secret).headers(
            timestamp: Int64(Self.now.timeIntervalSince1970), body: body)
        {
            headers.add(name, value)
        }
        return HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: body)
    }

    /// Posts a signed slash command and returns the HTTP response.
    func send(_ command: String, _ text: String, userID: String = "U0TENKIDEMO") async -> HTTPResponse {
        await application.router.respond(to: Self.signedRequest(command, text, userID: userID))
    }

    /// The reply as a message; a test failure names the body when it is not one.
    func message(_ command: String, _ text: String, userID: String = "U0TENKIDEMO") async throws -> SlackMessage {
        let response = await send(command, text, userID: userID)
        guard response.status == .ok else {
            throw HarnessError.status(response.status.code, String(decoding: response.body, as: UTF8.self))
        }
        return try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
    }

    enum HarnessError: Error {
        case status(Int, String)
    }
}
