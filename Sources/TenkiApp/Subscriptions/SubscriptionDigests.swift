import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// The morning reports due to run, as digests (see `Settings.DigestSettings(subscription:apiBase:)`),
/// read from the store when asked: the scheduler's rounds and `tenki digest` see subscriptions
/// that any replica added or removed since.
public struct SubscriptionDigests: Sendable {
    let store: any SubscriptionStore
    /// `SLACK_API_BASE_URL`.
    let apiBase: URL

    /// Every active morning report; none when the store cannot be read (logged; the next round tries again).
    func current(logger: Logger) async -> [Settings.DigestSettings] {
        do {
            return try await store.all().compactMap { Settings.DigestSettings(subscription: $0, apiBase: apiBase) }
        } catch {
            logger.error("subscriptions could not be read; reports wait for the next round", [("error", error.description)])
            return []
        }
    }
}
