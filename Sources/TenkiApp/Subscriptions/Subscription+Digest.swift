import Foundation
import TenkiCore

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
