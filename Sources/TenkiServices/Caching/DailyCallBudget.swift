import Foundation
import Synchronization
import TenkiCore
import TenkiMetrics

/// A number of upstream calls allowed per UTC day, for APIs whose plan counts calls per day
/// (NewsAPI's developer plan: 100). The cache only calls the upstream on a miss, so the budget
/// is taken inside the load: when it is spent, the load throws an error the cache classifies as
/// `.temporary`, and the last good answer is served stale instead of a call being made.
///
/// ```swift
/// try await newsCache.lookup(key) { () async throws(NewsError) -> [Article] in
///     guard budget.tryConsume() else { throw NewsError(.budgetExhausted) }  // .temporary
///     return try await client.topHeadlines(...)
/// }
/// ```
public final class DailyCallBudget: Sendable {
    /// Calls allowed per UTC day.
    public let limit: Int
    /// The `upstream` label of the budget's metrics (`newsapi`).
    public let upstream: String
    private let clock: any WallClock
    private let registry: MetricsRegistry?
    private let state: Mutex<(day: Int, used: Int)>

    public init(upstream: String, limit: Int, clock: any WallClock, metrics: MetricsRegistry? = nil) {
        self.upstream = upstream
        self.limit = max(0, limit)
        self.clock = clock
        self.registry = metrics
        self.state = Mutex((day: Self.day(of: clock.now()), used: 0))
        metrics?.describe(
            "tenki_upstream_budget_remaining", type: "gauge",
            help: "Calls left in today's (UTC) budget of a daily-limited upstream.")
        metrics?.describe(
            "tenki_upstream_budget_exhausted_total", type: "counter", help: "Calls not made because the daily budget was spent.")
        metrics?.set("tenki_upstream_budget_remaining", [("upstream", upstream)], to: Double(self.limit))
    }

    /// Takes one call from today's budget. False when it is spent: make no call.
    public func tryConsume() -> Bool {
        let today = Self.day(of: clock.now())
        let (granted, remaining) = state.withLock { state -> (Bool, Int) in
            if state.day != today { state = (today, 0) }
            guard state.used < limit else { return (false, 0) }
            state.used += 1
            return (true, limit - state.used)
        }
        let labels = [("upstream", upstream)]
        registry?.set("tenki_upstream_budget_remaining", labels, to: Double(remaining))
        if !granted { registry?.increment("tenki_upstream_budget_exhausted_total", labels) }
        return granted
    }

    /// Calls left today.
    public var remaining: Int {
        let today = Self.day(of: clock.now())
        return state.withLock { $0.day == today ? limit - $0.used : limit }
    }

    /// Days since 1970-01-01 UTC: budgets of the providers Tenki uses reset at midnight UTC.
    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
