import Foundation
import Synchronization
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiStorage

/// The morning reports due to run, as digests (see `Settings.DigestSettings(subscription:apiBase:)`),
/// read from the store when asked: the scheduler's rounds and `tenki digest` see subscriptions
/// that any replica added or removed since.
///
/// It also settles each queued report's end with the subscription (`SubscriptionStore.recordPost`):
/// a report that went dead three times in a row pauses its subscription. Which reports await an
/// end is kept in memory; after a restart, reports queued before it are not counted (a pause then
/// comes a report later), never counted twice.
public final class SubscriptionDigests: Sendable {
    let store: any SubscriptionStore
    let deliveries: any DeliveryStore
    /// `SLACK_API_BASE_URL`.
    let apiBase: URL
    /// Queued reports whose end is not known yet, and their subscription.
    private let awaiting = Mutex<[DeliveryID: Int64]>([:])
    /// The rain subscriptions' checks.
    let rain: RainAlerts
    let metrics: MetricsRegistry?

    static let countMetric = "tenki_subscriptions"
    static let postsMetric = "tenki_subscription_posts_total"

    init(store: any SubscriptionStore, deliveries: any DeliveryStore, apiBase: URL, rain: RainAlerts, metrics: MetricsRegistry?) {
        self.store = store
        self.deliveries = deliveries
        self.apiBase = apiBase
        self.rain = rain
        self.metrics = metrics
        metrics?.describe(Self.countMetric, type: "gauge", help: "Channels' subscriptions by kind (morning, rain) and state (active, paused).")
        metrics?.describe(
            Self.postsMetric, type: "counter", help: "Subscription reports and rain alerts by how they ended: delivered or dead.")
    }

    /// Every active morning report; none when the store cannot be read (logged; the next round tries again).
    func current(logger: Logger) async -> [Settings.DigestSettings] {
        do {
            let all = try await store.all()
            count(all)
            return all.compactMap { Settings.DigestSettings(subscription: $0, apiBase: apiBase) }
        } catch {
            logger.error("subscriptions could not be read; reports wait for the next round", [("error", error.description)])
            return []
        }
    }

    /// Remembers the reports a round queued, by their digest name (`subscription:ID`).
    func track(_ outcomes: [String: DigestRunner.Outcome]) {
        let queued = outcomes.compactMap { name, outcome -> (DeliveryID, Int64)? in
            guard case .posted(_, let delivery) = outcome, name.hasPrefix("subscription:"),
                  let id = Int64(name.dropFirst("subscription:".count)) else { return nil }
            return (delivery, id)
        }
        awaiting.withLock { for (delivery, id) in queued { $0[delivery] = id } }
    }

    /// Records the end of every tracked report that has one; logs a subscription it paused.
    func settle(logger: Logger) async {
        for (delivery, id) in awaiting.withLock({ $0 }) {
            guard let summary = try? await deliveries.summary(of: delivery) else { continue }
            guard summary.state != .pending else { continue }
            awaiting.withLock { _ = $0.removeValue(forKey: delivery) }
            let delivered = summary.state == .delivered
            metrics?.increment(Self.postsMetric, [("outcome", delivered ? "delivered" : "dead")])
            guard let updated = try? await store.recordPost(id, delivered: delivered, reason: summary.lastError) else { continue }
            if !delivered, updated.deadInARow == Subscription.deadPostsBeforePause {
                logger.warning("subscription paused after dead reports", [
                    ("subscription", String(id)), ("reason", updated.pausedReason ?? ""),
                ])
            }
        }
    }

    /// `tenki_subscriptions{kind,state}` from the store's rows.
    private func count(_ subscriptions: [Subscription]) {
        guard let metrics else { return }
        for kind in ["morning", "rain"] {
            for state in ["active", "paused"] {
                let number = subscriptions.filter { subscription in
                    (subscription.kind == .rain) == (kind == "rain") && (subscription.pausedReason != nil) == (state == "paused")
                }.count
                metrics.set(Self.countMetric, [("kind", kind), ("state", state)], to: Double(number))
            }
        }
    }
}

extension Settings.DigestSettings {
    /// A morning report as the digest machinery runs it: the same slot rule, ledger, catch-up
    /// and fetch ahead, under the subscription's own ledger name, for its one place (already
    /// resolved), without headlines, posted to its channel with `chat.postMessage` at `apiBase`.
    /// Nil for rain alerts and paused subscriptions.
    init?(subscription: Subscription, apiBase: URL) {
        guard let schedule = subscription.schedule, subscription.pausedReason == nil else { return nil }
        self.init(
            name: subscription.ledgerName, language: subscription.language, units: subscription.units, webhookURL: apiBase,
            format: .slack, schedule: schedule, timeZone: subscription.zone, cities: [subscription.title], newsQuery: nil,
            newsFeeds: nil, channel: subscription.channel,
            places: [Place(name: subscription.title, countryCode: "", coordinates: subscription.coordinates)],
            includesNews: false)
        installationKey = subscription.installationKey
    }

    /// The label of its metrics: one for all subscriptions (their number is unbounded), the name
    /// for a configured digest.
    var metricsName: String { channel == nil ? name : "subscriptions" }
}
