import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

@Suite("Per-user rate limit")
struct UserRateLimiterTests {
    @Test("a minute's worth at once, then the average rate; users are counted apart")
    func limits() {
        let clock = ManualClock()
        let limiter = UserRateLimiter(perMinute: 6, clock: clock)
        let alice = UserKey(team: "T1", user: "U1"), bob = UserKey(team: "T1", user: "U2")
        #expect((0..<6).allSatisfy { _ in limiter.allow(alice) })
        #expect(!limiter.allow(alice))
        #expect(limiter.allow(bob))
        clock.advance(by: 9)
        #expect(!limiter.allow(alice))
        clock.advance(by: 1)
        #expect(limiter.allow(alice))
        #expect(UserRateLimiter(perMinute: 0, clock: clock).allow(alice))
    }

    @Test("over the limit, the user gets a friendly ephemeral note and no lookup is made")
    func friendlyReply() async throws {
        let harness = try AppHarness(environment: ["TENKI_USER_RATE_LIMIT": "2"])
        _ = try await harness.message("/weather", "help")
        _ = try await harness.message("/weather", "help")
        let limited = try await harness.message("/weather", "Tokyo")
        #expect(limited.responseType == .ephemeral)
        #expect(limited.text.contains("quickly"))
        #expect(harness.fakes.openWeather.calls.isEmpty)
        #expect(try await harness.message("/weather", "Tokyo", userID: "U0OTHER").responseType == .inChannel)
    }

    @Test("replicas on one state share each user's limit")
    func sharedByReplicas() async {
        let clock = ManualClock()
        let state = InMemoryCallBudgetStore()
        let replicas = (0..<3).map { _ in
            UserRateLimiter(perMinute: 6, clock: clock, shared: state, waitForShared: AppHarness.budgetNeverSpent)
        }
        let alice = UserKey(team: "T1", user: "U1")
        var allowed = 0
        for index in 0..<12 where await replicas[index % 3].allowCommand(alice) { allowed += 1 }
        #expect(allowed == 6, "one limit across the replicas, not 6 each")
        clock.advance(by: 10)
        #expect(await replicas[2].allowCommand(alice))
    }

    @Test("while the state is away, a replica counts by itself instead of refusing everyone")
    func stateAway() async {
        let clock = ManualClock()
        let limiter = UserRateLimiter(perMinute: 2, clock: clock, shared: UnreachableBuckets())
        let alice = UserKey(team: "T1", user: "U1")
        #expect(await limiter.allowCommand(alice))
        #expect(await limiter.allowCommand(alice))
        #expect(await !limiter.allowCommand(alice))
    }

    @Test("a database that does not answer in time does not hold the command: this process' count decides")
    func slowState() async {
        let limiter = UserRateLimiter(perMinute: 1, clock: ManualClock(), shared: SilentBuckets(), waitForShared: { _ in })
        let alice = UserKey(team: "T1", user: "U1")
        #expect(await limiter.allowCommand(alice))
        #expect(await !limiter.allowCommand(alice), "the local count still limits")
    }

    /// Never answers until cancelled.
    struct SilentBuckets: TokenBucketStore {
        func takeToken(_ key: String, now: Date, rate: Double, burst: Double) async throws(CallBudgetStoreError) -> Bool {
            try? await Task.sleep(for: .seconds(3600))
            return false
        }
        func forgetTokenBuckets(idleSince date: Date) async throws(CallBudgetStoreError) -> Int { 0 }
    }

    struct UnreachableBuckets: TokenBucketStore {
        func takeToken(_ key: String, now: Date, rate: Double, burst: Double) async throws(CallBudgetStoreError) -> Bool {
            throw CallBudgetStoreError("the database is restarting")
        }
        func forgetTokenBuckets(idleSince date: Date) async throws(CallBudgetStoreError) -> Int { 0 }
    }
}
