import Foundation
import TenkiMetrics
import TenkiStorage

/// The queue's series in the shared registry. Labels hold outcomes and states only: never a
/// destination, which would be a secret and an unbounded label.
struct DeliveryMetrics: Sendable {
    let registry: MetricsRegistry?

    static let attempts = "tenki_delivery_attempts_total"
    static let depth = "tenki_delivery_queue_depth"
    static let oldestAge = "tenki_delivery_oldest_pending_age_seconds"
    static let duration = "tenki_delivery_attempt_duration_seconds"
    static let stateErrors = "tenki_state_errors_total"

    init(registry: MetricsRegistry?) {
        self.registry = registry
        registry?.describe(
            Self.attempts, type: "counter", help: "Delivery attempts by outcome (delivered, retry, resend_without_images, dead).")
        registry?.describe(Self.depth, type: "gauge", help: "Messages in the outbox by state (pending, dead).")
        registry?.describe(
            Self.oldestAge, type: "gauge",
            help: "Age of the oldest pending message in seconds, read every 10 s with the exact counts; 0 when none.")
        registry?.describe(Self.duration, type: "histogram", help: "Time one post took, answered or not.")
        registry?.describe(
            Self.stateErrors, type: "counter",
            help: "Failed state file reads and writes by operation (enqueue, hold, retry, claim, record, read, prune).")
        // Every series an alert may watch exists from the start, at 0: `increase()` and `rate()`
        // see the first failure, which a series born at 1 would hide.
        for operation in Self.stateOperations { registry?.increment(Self.stateErrors, [("operation", operation)], by: 0) }
        for outcome in Self.outcomes { registry?.increment(Self.attempts, [("outcome", outcome)], by: 0) }
    }

    /// The operations `tenki_state_errors_total` counts (`DeliveryQueue.counted`, the late answers' queue).
    static let stateOperations = ["enqueue", "hold", "retry", "claim", "record", "read", "prune"]
    /// The outcomes `tenki_delivery_attempts_total` counts.
    static let outcomes = ["delivered", "retry", "resend_without_images", "dead"]

    /// The state file refused a read or write: the series operators alert on (see docs/operations.md).
    func stateError(_ operation: String) {
        registry?.increment(Self.stateErrors, [("operation", operation)])
    }

    func attempt(_ outcome: String, seconds: Double) {
        registry?.increment(Self.attempts, [("outcome", outcome)])
        registry?.observe(Self.duration, seconds: seconds)
    }

    /// A message that died without an attempt (its deadline or use limit had passed when claimed).
    func expired() {
        registry?.increment(Self.attempts, [("outcome", "dead")])
    }

    /// The pending depth alone, from a round's bounded count when it was below its ceiling (exact).
    func updatePending(_ pending: Int) {
        registry?.set(Self.depth, [("state", "pending")], to: Double(pending))
    }

    func update(_ statistics: DeliveryStatistics, now: Date) {
        registry?.set(Self.depth, [("state", "pending")], to: Double(statistics.pending))
        registry?.set(Self.depth, [("state", "dead")], to: Double(statistics.dead))
        let age = statistics.oldestPendingCreatedAt.map { max(0, now.timeIntervalSince($0)) } ?? 0
        registry?.set(Self.oldestAge, to: age)
    }
}
