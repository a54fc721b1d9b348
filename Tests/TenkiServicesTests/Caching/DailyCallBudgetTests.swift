import Foundation
import TenkiFakes
import TenkiMetrics
import TenkiTestSupport
import Testing

@testable import TenkiServices

@Suite("DailyCallBudget")
struct DailyCallBudgetTests {
    /// Midnight UTC, 2027-01-15.
    let clock = ManualClock(Date(timeIntervalSince1970: 1_799_971_200))

    @Test("allows the limit per UTC day and resets at midnight UTC", arguments: StoreBackend.all)
    func perDay(_ backend: StoreBackend) async throws {
        let metrics = MetricsRegistry()
        let budget = DailyCallBudget(
            upstream: "newsapi", limit: 3, store: try await SharedTestState(backend).open().budgets, clock: clock,
            metrics: metrics)
        var granted: [Bool] = []
        for _ in 0..<5 { granted.append(await budget.tryConsume()) }
        #expect(granted == [true, true, true, false, false])
        #expect(await budget.remaining() == 0)
        #expect(metrics.counter("tenki_upstream_budget_exhausted_total", [("upstream", "newsapi")]) == 2)
        clock.advance(by: 86_399)
        #expect(await !budget.tryConsume())
        clock.advance(by: 1)
        #expect(await budget.remaining() == 3)
        #expect(await budget.tryConsume())
        #expect(await budget.remaining() == 2)
    }

    @Test("two processes on one state share one budget, and a restart keeps what was spent", arguments: StoreBackend.durable)
    func sharedAcrossProcesses(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let one = DailyCallBudget(upstream: "newsapi", limit: 10, store: try await state.open().budgets, clock: clock)
        let two = DailyCallBudget(upstream: "newsapi", limit: 10, store: try await state.open().budgets, clock: clock)
        let granted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<30 { group.addTask { await (index % 2 == 0 ? one : two).tryConsume() } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 10)
        let restarted = DailyCallBudget(upstream: "newsapi", limit: 10, store: try await state.open().budgets, clock: clock)
        #expect(await restarted.remaining() == 0)
        #expect(await !restarted.tryConsume())
    }

    @Test("a spent budget makes the cache serve its last answer stale instead of calling")
    func withCache() async throws {
        let budget = DailyCallBudget(upstream: "test", limit: 1, store: InMemoryCallBudgetStore(), clock: clock)
        let loads = LoadCounter()
        let cache = ExpiringCache<String, Int, LoadError>(
            name: "news",
            policy: CachePolicy(timeToLive: 1800, negativeTimeToLive: 600, maxStaleAge: 6 * 3600, maxEntries: 10),
            clock: clock, classify: \.disposition, cancellationError: { .cancelled })
        let load: @Sendable () async throws(LoadError) -> Int = { () async throws(LoadError) -> Int in
            guard await budget.tryConsume() else { throw .unavailable }
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
