import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiServices
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
}
