import Foundation
import TenkiFakes
import TenkiMetrics
import TenkiTestSupport
import Testing

@testable import TenkiProviders
@testable import TenkiStorage

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
        for _ in 0..<5 { granted.append(await budget.spend(by: .schedule) == .granted) }
        #expect(granted == [true, true, true, false, false])
        #expect(await budget.remaining() == 0)
        #expect(metrics.counter("tenki_upstream_budget_exhausted_total", [("upstream", "newsapi"), ("reason", "budget")]) == 2)
        clock.advance(by: 86_399)
        #expect(await budget.spend(by: .schedule) != .granted)
        clock.advance(by: 1)
        #expect(await budget.remaining() == 3)
        #expect(await budget.spend(by: .schedule) == .granted)
        #expect(await budget.remaining() == 2)
    }

    @Test("two processes on one state share one budget, and a restart keeps what was spent", arguments: StoreBackend.durable)
    func sharedAcrossProcesses(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let one = DailyCallBudget(upstream: "newsapi", limit: 10, store: try await state.open().budgets, clock: clock)
        let two = DailyCallBudget(upstream: "newsapi", limit: 10, store: try await state.open().budgets, clock: clock)
        let granted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<30 { group.addTask { await (index % 2 == 0 ? one : two).spend(by: .schedule) == .granted } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 10)
        let restarted = DailyCallBudget(upstream: "newsapi", limit: 10, store: try await state.open().budgets, clock: clock)
        #expect(await restarted.remaining() == 0)
        #expect(await restarted.spend(by: .schedule) != .granted)
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
            guard await budget.spend(by: .schedule) == .granted else { throw .unavailable }
            loads.increment()
            return loads.count
        }
        #expect(try await cache.lookup("headlines", load: load).value == 1)
        clock.advance(by: 3600)
        let stale = try await cache.lookup("headlines", load: load)
        #expect(stale.value == 1 && stale.isStale && stale.age == 3600)
        #expect(loads.count == 1)
    }

    @Test("one person spends only their share, commands leave the reserve, and a refusal says when it resets",
          arguments: StoreBackend.all)
    func shares(_ backend: StoreBackend) async throws {
        let metrics = MetricsRegistry()
        let budget = DailyCallBudget(
            upstream: "newsapi", limit: 10, shares: BudgetShares(userPercent: 30, reservedPercent: 20),
            store: try await SharedTestState(backend).open().budgets,
            clock: clock, metrics: metrics)
        let busy = UserKey(team: "T1", user: "U1")
        clock.advance(by: 20 * 3600 + 30 * 60)  // 20:30 UTC: the reset is 3 h 30 min away
        var decisions: [DailyCallBudget.Decision] = []
        for _ in 0..<5 { decisions.append(await budget.spend(by: .user(busy))) }
        let midnight = Date(timeIntervalSince1970: 1_799_971_200 + 86_400)
        #expect(decisions.prefix(3).allSatisfy { $0 == .granted })
        #expect(decisions.last == .refused(.init(reason: .userShareSpent, resetsAt: midnight, allowance: 3)))
        // The same user ID in another workspace is another person.
        #expect(await budget.spend(by: .user(UserKey(team: "T2", user: "U1"))) == .granted)

        for user in ["U2", "U3", "U4"] { for _ in 0..<3 { _ = await budget.spend(by: .user(UserKey(team: "T1", user: user))) } }
        // Commands have spent their 8 of 10; the last 2 are the digests'.
        #expect(await budget.spend(by: .user(UserKey(team: "T1", user: "U5"))) == .refused(
            .init(reason: .budgetSpent, resetsAt: midnight, allowance: 8)))
        #expect(await budget.spend(by: .schedule) == .granted)
        #expect(await budget.spend(by: .schedule) == .granted)
        #expect(await budget.spend(by: .schedule) == .refused(.init(reason: .budgetSpent, resetsAt: midnight, allowance: 10)))
        #expect(metrics.counter("tenki_upstream_budget_exhausted_total", [("upstream", "newsapi"), ("reason", "share")]) == 2)
        #expect(metrics.gauge("tenki_upstream_budget_remaining", [("upstream", "newsapi")]) == 0)
    }

    @Test("the shares of a small budget still allow one call per person and leave the last call to no reserve")
    func smallBudget() {
        let shares = BudgetShares(userPercent: 20, reservedPercent: 10)
        #expect(shares.userAllowance(of: 1) == 1 && shares.commandAllowance(of: 1) == 1)
        #expect(shares.userAllowance(of: 4) == 1 && shares.commandAllowance(of: 4) == 4)
        #expect(shares.userAllowance(of: 100) == 20 && shares.commandAllowance(of: 100) == 90)
        #expect(shares.userAllowance(of: 0) == 0 && shares.commandAllowance(of: 0) == 0)
    }
}
