import Foundation
import TenkiMetrics
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiServices

@Suite("DailyCallBudget")
struct DailyCallBudgetTests {
    /// Midnight UTC, 2027-01-15.
    let clock = ManualClock(Date(timeIntervalSince1970: 1_799_971_200))

    @Test("allows the limit per UTC day and resets at midnight UTC")
    func perDay() {
        let metrics = MetricsRegistry()
        let budget = DailyCallBudget(upstream: "newsapi", limit: 3, clock: clock, metrics: metrics)
        #expect((0..<5).map { _ in budget.tryConsume() } == [true, true, true, false, false])
        #expect(budget.remaining == 0)
        #expect(metrics.counter("tenki_upstream_budget_exhausted_total", [("upstream", "newsapi")]) == 2)
        clock.advance(by: 86_399)
        #expect(!budget.tryConsume())
        clock.advance(by: 1)
        #expect(budget.remaining == 3)
        #expect(budget.tryConsume())
        #expect(budget.remaining == 2)
    }

    @Test("a spent budget makes the cache serve its last answer stale instead of calling")
    func withCache() async throws {
        let budget = DailyCallBudget(upstream: "test", limit: 1, clock: clock)
        let loads = LoadCounter()
        let cache = ExpiringCache<String, Int, LoadError>(
            name: "news",
            policy: CachePolicy(timeToLive: 1800, negativeTimeToLive: 600, maxStaleAge: 6 * 3600, maxEntries: 10),
            clock: clock, classify: \.disposition, cancellationError: { .cancelled })
        let load: @Sendable () async throws(LoadError) -> Int = { () async throws(LoadError) -> Int in
            guard budget.tryConsume() else { throw .unavailable }
            loads.increment()
            return loads.count
        }
        #expect(try await cache.lookup("headlines", load: load).value == 1)
        clock.advance(by: 3600)
        let stale = try await cache.lookup("headlines", load: load)
        #expect(stale.value == 1 && stale.isStale && stale.age == 3600)
        #expect(loads.count == 1)
    }
}
