import Foundation
import TenkiCore
import TenkiHTTP
import TenkiLogging
import TenkiMetrics
import TenkiServices

/// What the application needs from the outside world. Tests pass fakes; `main` passes the real ones.
public struct Dependencies: Sendable {
    public var transport: any HTTPTransport
    public var clock: any WallClock
    public var logger: Logger
    public var metrics: MetricsRegistry
    /// Saved `/weather set` defaults: the state file in `serve`, memory in `preview` and tests.
    public var preferences: any UserPreferencesStore
    /// Where answers that miss Slack's window go; nil answers everything inline (`preview`).
    public var lateAnswers: (any LateAnswerDelivery)?
    /// Waits out the inline budget; tests replace it to decide when the budget is spent.
    public var waitForBudget: @Sendable (Duration) async -> Void

    public init(
        transport: any HTTPTransport, clock: any WallClock = SystemWallClock(), logger: Logger, metrics: MetricsRegistry = MetricsRegistry(),
        preferences: any UserPreferencesStore = InMemoryUserPreferencesStore(), lateAnswers: (any LateAnswerDelivery)? = nil,
        waitForBudget: @escaping @Sendable (Duration) async -> Void = TimelyResponder.sleeping
    ) {
        self.lateAnswers = lateAnswers
        self.waitForBudget = waitForBudget
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
        self.preferences = preferences
    }
}

/// The assembled application: the HTTP handler for the listener and the command responder that
/// `preview` calls directly. `serve`, `demo` and the tests all build it with `buildApplication`.
public struct TenkiApplication: Sendable {
    public let settings: Settings
    public let router: TenkiRouter
    public let commands: TenkiCommands

    /// The handler of the separate metrics listener (`TENKI_METRICS_ADDRESS`): `/metrics` and
    /// `/healthz` only.
    public func metricsRouter(metrics: MetricsRegistry, logger: Logger, isDraining: @escaping @Sendable () -> Bool) -> TenkiRouter {
        TenkiRouter(
            verifier: nil, commands: commands, metrics: metrics, logger: logger, isDraining: isDraining,
            metricsAccess: settings.metricsToken.map { .bearer($0) } ?? .open, servesCommands: false)
    }
}

/// Whether requests must carry Slack's signature. Skipping is for local development only.
public enum SignatureVerification: Sendable {
    case required
    case skipped
}

public func buildApplication(
    settings: Settings, dependencies: Dependencies, verification: SignatureVerification = .required,
    isDraining: @escaping @Sendable () -> Bool = { false }
) throws(ConfigurationError) -> TenkiApplication {
    let verifier: SlackRequestVerifier?
    switch verification {
    case .required:
        guard !settings.signingSecrets.isEmpty else {
            throw ConfigurationError(
                setting: "SLACK_SIGNING_SECRET", problem: "is not set",
                fix: "copy the Signing Secret from the Slack app's Basic Information page (or use --insecure-skip-verification on loopback)")
        }
        verifier = SlackRequestVerifier(signingSecrets: settings.signingSecrets, clock: dependencies.clock)
    case .skipped:
        verifier = nil
    }
    // One set of services per application: their caches are shared by every request this process serves.
    let providers = ProviderServices(
        settings: settings, transport: dependencies.transport, clock: dependencies.clock, metrics: dependencies.metrics,
        logger: dependencies.logger)
    // Saved defaults are read on every command (and on the listener's thread for stored answers): keep them in memory.
    let preferences = CachedUserPreferencesStore(dependencies.preferences, clock: dependencies.clock)
    let weather = WeatherCommandHandler(
        weather: providers.weather, preferences: preferences, settings: settings, clock: dependencies.clock,
        replies: ReplyCache(metrics: dependencies.metrics))
    let news = NewsCommandHandler(news: providers.news, settings: settings, clock: dependencies.clock, notices: weather.notices)
    let commands = TenkiCommands(
        weather: weather, news: news, settings: settings,
        rateLimiter: UserRateLimiter(perMinute: settings.userRateLimitPerMinute, clock: dependencies.clock))
    if let sink = dependencies.logger.sink as? BufferedLogSink {
        dependencies.metrics.describe(
            "tenki_log_lines_dropped_total", type: "counter", help: "Log lines dropped because the log output could not keep up.")
        dependencies.metrics.counter("tenki_log_lines_dropped_total") { Double(sink.droppedLines) }
    }
    let metricsAccess: TenkiRouter.MetricsAccess =
        settings.metricsAddress != nil ? .elsewhere : settings.metricsToken.map { .bearer($0) } ?? .open
    let timely = TimelyResponder(
        commands: commands, budget: settings.inlineBudget, waitForBudget: dependencies.waitForBudget,
        lateAnswers: dependencies.lateAnswers, allowedResponseHosts: settings.allowedResponseHosts, language: settings.language)
    let router = TenkiRouter(
        verifier: verifier, commands: timely, metrics: dependencies.metrics, logger: dependencies.logger, isDraining: isDraining,
        metricsAccess: metricsAccess)
    return TenkiApplication(settings: settings, router: router, commands: commands)
}
