import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics

/// A number of upstream calls allowed per UTC day, for APIs whose plan counts calls per day
/// (NewsAPI's developer plan: 100), counted in a `CallBudgetStore` so that every process of a
/// deployment and every restart spend one budget. The cache only calls the upstream on a miss, so
/// the budget is taken inside the load: when it is spent, the load throws an error the cache
/// classifies as `.temporary`, and the last good answer is served stale instead of a call being made.
///
/// ```swift
/// try await newsCache.lookup(key) { () async throws(NewsError) -> [Article] in
///     guard await budget.tryConsume() else { throw NewsError(.budgetExhausted) }  // .temporary
///     return try await client.topHeadlines(...)
/// }
/// ```
///
/// A store that cannot be read or written grants the call (and logs it): an unreadable state file
/// must not also take the news away; it costs at most the calls made while it is broken.
public final class DailyCallBudget: Sendable {
    /// Calls allowed per UTC day.
    public let limit: Int
    /// The `upstream` label of the budget's metrics (`newsapi`).
    public let upstream: String
    private let store: any CallBudgetStore
    private let clock: any WallClock
    private let registry: MetricsRegistry?
    private let logger: Logger

    public init(
        upstream: String, limit: Int, store: any CallBudgetStore, clock: any WallClock, metrics: MetricsRegistry? = nil,
        logger: Logger = .discarding
    ) {
        self.upstream = upstream
        self.limit = max(0, limit)
        self.store = store
        self.clock = clock
        self.registry = metrics
        self.logger = logger
        metrics?.describe(
            "tenki_upstream_budget_remaining", type: "gauge",
            help: "Calls left in today's (UTC) budget of a daily-limited upstream, as this process last saw it.")
        metrics?.describe(
            "tenki_upstream_budget_exhausted_total", type: "counter", help: "Calls not made because the daily budget was spent.")
    }

    /// Takes one call from today's budget. False when it is spent: make no call.
    public func tryConsume() async -> Bool {
        let labels = [("upstream", upstream)]
        let remaining: Int?
        do {
            remaining = try await store.consume(upstream: upstream, day: Self.day(of: clock.now()), limit: limit)
        } catch {
            logger.warning("daily call budget unreadable; the call is made", [("upstream", upstream), ("error", error.description)])
            return true
        }
        registry?.set("tenki_upstream_budget_remaining", labels, to: Double(remaining ?? 0))
        if remaining == nil { registry?.increment("tenki_upstream_budget_exhausted_total", labels) }
        return remaining != nil
    }

    /// Calls left today (the whole limit when the store cannot be read).
    public func remaining() async -> Int {
        let used = (try? await store.used(upstream: upstream, day: Self.day(of: clock.now()))) ?? 0
        return max(0, limit - used)
    }

    /// Days since 1970-01-01 UTC: budgets of the providers Tenki uses reset at midnight UTC.
    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
