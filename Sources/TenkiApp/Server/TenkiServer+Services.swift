import TenkiBase
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiDelivery
import TenkiSlackAPI
import TenkiStorage

extension TenkiServer {
    /// The started listeners `serving` hands to its services.
    struct Listeners: Sendable {
        let main: HTTPServer
        let port: Int
        let metrics: HTTPServer?
    }

    /// How long the drain may take: the listener answers on for `delay`, then requests in progress
    /// and late answers each get up to `timeout`.
    struct DrainBounds: Sendable {
        var delay: Duration
        var timeout: Duration
    }

    /// Everything long-running that `serve` owns, in the order its `ServiceGroup` lists them. The
    /// group stops them in the reverse order, one at a time, and that is the drain:
    ///
    /// 1. takeover: the look for commands a dead process left stops first (a stopping process would
    ///    only hand them back);
    /// 1a. socket mode: stops opening connections, acknowledges what it holds, closes each connection
    ///    (1000) and reads until Slack's close frame: Slack then sends to the other replicas' connections;
    /// 2. listener: answers for the drain delay, then stops accepting and lets requests in progress
    ///    finish within the drain timeout;
    /// 3. metrics listener, within a second;
    /// 4. late answers whose placeholder went out: queued within the drain timeout, or cancelled;
    /// 5. held commands: those this process still holds (a lookup cut short) go to another replica
    ///    at once (their leases end);
    /// 6. scheduler, then the state-store writes of what its last run fetched;
    /// 7. deliveries: the queue stops last, after everything that fills it; what it has not sent is
    ///    in the state already and goes out after the next start.
    ///
    /// The state stores close when the server is released, after the group has returned.
    func services(_ listeners: Listeners, scheduler: DigestScheduler?, bounds: DrainBounds) -> [ServiceGroup.Member] {
        let (queue, background, logger) = (queue, background, logger)
        let backgroundWork = DrainStep { await background.finish(within: bounds.timeout, logger: logger) }
        var members: [ServiceGroup.Member] = [.init("deliveries", queue)]
        if let refresher = tokenRefresher(), let installations = workspaces.installations {
            members.append(
                .init("token refresh", TokenRefresh(refresher: refresher, installations: installations, metrics: metrics)))
        }
        if let scheduler {
            // After the scheduler: the weather and places its last run fetched are still being
            // written to the state store (background work the late-answers step no longer sees).
            members.append(.init("stored answers", backgroundWork))
            members.append(.init("scheduler", scheduler))
        }
        members.append(.init("held commands", DrainStep { await queue.releasePendingCommands() }))
        members.append(.init("late answers", backgroundWork))
        if let metrics = listeners.metrics {
            members.append(.init("metrics listener", ListenerService(metrics, gracePeriod: .seconds(1))))
        }
        members.append(.init("listener", ListenerService(listeners.main, delay: bounds.delay, gracePeriod: bounds.timeout)))
        if let socketMode { members.append(.init("socket mode", socketMode)) }
        if let abandoned { members.append(.init("takeover", Takeover(abandoned: abandoned, logger: logger))) }
        return members
    }
}

/// Rotating bot tokens refreshed before they expire, once across replicas, until cancelled.
/// The refresh of rotating tokens, as a service; after each pass it sets `tenki_installations`
/// from the shared store, so every replica shows the same count.
private struct TokenRefresh: Service {
    static let installationsGauge = "tenki_installations"

    let refresher: InstallationTokenRefresher
    let installations: any InstallationStore
    let metrics: MetricsRegistry

    init(refresher: InstallationTokenRefresher, installations: any InstallationStore, metrics: MetricsRegistry) {
        (self.refresher, self.installations, self.metrics) = (refresher, installations, metrics)
        metrics.describe(Self.installationsGauge, type: "gauge", help: "Workspaces (and organisations) with Tenki installed.")
    }

    func run() async {
        await refresher.run { [installations, metrics] in
            // A store that cannot be read now leaves the last count; the next pass tries again.
            if let count = try? await installations.count() { metrics.set(Self.installationsGauge, to: Double(count)) }
        }
    }
}

/// The takeover of commands a dead process acknowledged, as a service: `AbandonedCommands.run`
/// looks until cancelled, and a lookup cut short is left to another process by the held-commands step.
private struct Takeover: Service {
    let abandoned: AbandonedCommands
    let logger: Logger

    func run() async {
        await abandoned.run(logger: logger)
    }
}

extension TenkiServer {
    /// The refresher of installations' rotating tokens; nil with one workspace.
    func tokenRefresher() -> InstallationTokenRefresher? {
        guard let app = settings.slackApp, let store = workspaces.installations else { return nil }
        let client = Self.oauthClient(app, settings: settings, dependencies: dependencies)
        return InstallationTokenRefresher(
            store: store, refresh: { token throws(SlackWebAPIError) in try await client.refresh(token) },
            owner: DeliveryQueue.Configuration.defaultOwner(), clock: dependencies.clock, logger: logger)
    }
}
