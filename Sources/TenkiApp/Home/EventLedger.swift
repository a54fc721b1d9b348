import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiStorage

/// Events API deliveries taken once: Slack retries an event it got no quick 200 for (with the
/// same `event_id`), possibly to another replica or over another way in; the shared store
/// (`SeenEventStore`) lets the first sighting through. Counts `tenki_events_total{type,outcome}`.
struct EventLedger: Sendable {
    let seen: any SeenEventStore
    let clock: any WallClock
    let metrics: MetricsRegistry

    enum Outcome: String {
        /// Acted on (the first sighting).
        case handled
        /// A retry of an event already taken: acknowledged, nothing done.
        case duplicate
        /// An event Tenki does not act on.
        case ignored
    }

    /// The event types named in the metric; any other is counted as `other`, so a sender cannot
    /// grow the series.
    static let namedTypes: Set<String> = ["app_home_opened", "app_uninstalled", "tokens_revoked"]

    static func describe(_ metrics: MetricsRegistry) {
        metrics.describe(
            "tenki_events_total", type: "counter",
            help: "Events API events by type and outcome (handled, duplicate: a retry already taken, ignored).")
    }

    /// True the first time `event` is seen across every replica. An event without an id, or a
    /// store that cannot answer, is taken (an event may then act twice rather than never).
    func isFirstSighting(_ event: InboundEvent, logger: Logger) async -> Bool {
        guard let id = event.id, !id.isEmpty else { return true }
        let now = clock.now()
        do {
            return try await seen.firstSighting(of: id, at: now, until: now.addingTimeInterval(SeenEvents.keptFor))
        } catch {
            logger.warning("event de-duplication unavailable; the event is taken", [("error", error.description)])
            return true
        }
    }

    func count(_ event: InboundEvent, _ outcome: Outcome) {
        let type = Self.namedTypes.contains(event.type) ? event.type : "other"
        metrics.increment("tenki_events_total", [("type", type), ("outcome", outcome.rawValue)])
    }
}
