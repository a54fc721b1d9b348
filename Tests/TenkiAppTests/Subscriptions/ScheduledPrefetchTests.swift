import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes

/// Scheduled posts are ready on the minute: a 07:30 digest and twelve 07:30 subscriptions on the
/// same three places fetch their data a minute ahead, once per place, and are queued at 07:30:00
/// without another call.
@Suite("Digests and subscriptions fetched ahead together")
struct ScheduledPrefetchTests {
    @Test("07:29: one current and one forecast call per place for a digest and 12 channels; 07:30:00: all queued, no call")
    func sharedFetchAhead() async throws {
        let harness = try DigestHarness(environment: [
            "DIGEST_CITIES": "Da Nang,VN;Tokyo,JP", "DIGEST_SCHEDULE": "30 7 * * *", "NEWSAPI_KEY": "",
            "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
        ])
        let (server, scheduler) = try SubscriptionScheduleRunTests.process(harness)
        for index in 0..<12 {
            let (title, coordinates) = RainAlertTests.places[index % 3]
            let subscription = Subscription(
                id: 0, team: "T0TENKI", channel: "C\(index)", kind: .morning(LocalTime(hour: 7, minute: 30)!, .daily),
                title: title, coordinates: coordinates, timeZone: "UTC", language: .en, units: .metric, createdBy: "U1",
                createdAt: DigestHarness.monday)
            _ = try await server.state.subscriptions.add(subscription, limit: 10)
        }
        harness.clock.set(DigestHarness.at(7, 29))
        _ = await scheduler.runOnce(now: harness.clock.now())
        let calls = harness.upstreams.openWeather.calls.map(\.path)
        #expect(calls.filter { $0 == "/data/2.5/weather" }.count == 3, "\(calls)")
        #expect(calls.filter { $0 == "/data/2.5/forecast" }.count == 3)
        #expect(calls.filter { $0 == "/geo/1.0/direct" }.count == 2, "only the digest's two cities; subscriptions saved theirs")
        #expect(try await server.state.deliveries.list(states: [.pending]).isEmpty)

        harness.clock.set(DigestHarness.at(7, 30))
        let round = await scheduler.runOnce(now: harness.clock.now())
        #expect(round.outcomes.values.filter(\.isPosted).count == 13)
        #expect(harness.upstreams.openWeather.calls.count == calls.count, "the slot makes no upstream call")
        let queued = try await server.state.deliveries.list(states: [.pending])
        #expect(queued.count == 13 && queued.allSatisfy { $0.createdAt == DigestHarness.at(7, 30) })
    }
}
