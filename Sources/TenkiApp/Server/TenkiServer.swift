import Foundation
import Synchronization
import TenkiCore
import TenkiDelivery
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics

/// One Tenki process: exactly one each of the state store, the provider services (with their
/// caches and the NewsAPI budget), the delivery queue, the background work it owes, the digest
/// runner and the router. `serve`, `digest`, `replay`, `demo`, `preview` and the tests all build it
/// with `TenkiServer.build(settings:dependencies:)`; nothing else constructs these services.
///
/// `serve` then calls `run(_:termination:started:)`: one task group owns the listeners, the
/// delivery queue, the scheduler and the takeover of abandoned commands (`services`) and, when
/// termination comes, drains them in order.
public final class TenkiServer: Sendable {
    public let settings: Settings
    let dependencies: ServerDependencies
    let state: StateFile
    let providers: ProviderServices
    public let queue: DeliveryQueue
    /// Late answers still being looked up after their placeholder went back.
    public let background: BackgroundWork
    /// The digest slot rule on the ledger, for every configured digest.
    let digests: DigestRunner
    public let commands: TenkiCommands
    /// Answers the commands a dead process acknowledged (nil when late answers are not queued).
    let abandoned: AbandonedCommands?
    public let router: TenkiRouter
    let drainFlag: DrainFlag
    /// Channels' morning reports, when a bot token lets Tenki post them.
    let subscriptionDigests: SubscriptionDigests?
    /// Whose bot token answers for each Slack workspace.
    let workspaces: SlackWorkspaces
    /// Slack over Socket Mode, with `SLACK_APP_TOKEN`.
    let socketMode: SocketModeService?

    init(
        settings: Settings, dependencies: ServerDependencies, state: StateFile, providers: ProviderServices,
        queue: DeliveryQueue, background: BackgroundWork, digests: DigestRunner, commands: TenkiCommands,
        abandoned: AbandonedCommands?, router: TenkiRouter, drainFlag: DrainFlag, workspaces: SlackWorkspaces,
        socketMode: SocketModeService? = nil
    ) {
        self.workspaces = workspaces
        self.socketMode = socketMode
        self.subscriptionDigests = Self.subscriptionDigests(
            settings: settings, state: state, providers: providers, metrics: dependencies.metrics)
        self.settings = settings
        self.dependencies = dependencies
        self.state = state
        self.providers = providers
        self.queue = queue
        self.background = background
        self.digests = digests
        self.commands = commands
        self.abandoned = abandoned
        self.router = router
        self.drainFlag = drainFlag
    }

    var logger: Logger { dependencies.logger }
    var metrics: MetricsRegistry { dependencies.metrics }
    public var isDraining: Bool { drainFlag.isSet }

    /// The handler of the separate metrics listener (`TENKI_METRICS_ADDRESS`): `/metrics` and
    /// `/healthz` only.
    func metricsRouter() -> TenkiRouter {
        var router = TenkiRouter(
            verifier: nil, commands: commands, metrics: metrics, logger: logger, isDraining: { [drainFlag] in drainFlag.isSet },
            metricsAccess: settings.metricsToken.map { .bearer($0) } ?? .open, servesCommands: false)
        if let health = socketMode?.health { router.healthProblem = { health.problem } }
        return router
    }

    /// The digest scheduler `serve` runs, or nil when none is configured or it is turned off.
    func scheduler(enabled: Bool) -> DigestScheduler? {
        guard enabled else {
            logger.info("digest scheduler off (--no-scheduler or \(SettingsTable.name(\.schedulerEnabled))=off)")
            return nil
        }
        let reports = subscriptionDigests
        guard !settings.digests.isEmpty || reports != nil else { return nil }
        return DigestScheduler(
            runner: digests, clock: dependencies.clock, logger: logger, subscriptions: reports, metrics: metrics)
    }

    /// Channels' morning reports (and rain alerts), when a bot token lets Tenki post them; built
    /// once, with the server.
    static func subscriptionDigests(
        settings: Settings, state: StateFile, providers: ProviderServices, metrics: MetricsRegistry
    ) -> SubscriptionDigests? {
        guard settings.delivery.slackBotToken != nil || settings.slackApp != nil else { return nil }
        let apiBase = settings.delivery.slackAPIBaseURL
        return SubscriptionDigests(
            store: state.subscriptions, deliveries: state.deliveries, apiBase: apiBase,
            rain: RainAlerts(store: state.subscriptions, weather: providers.weather, ledger: state.ledger, apiBase: apiBase),
            metrics: metrics)
    }
}
