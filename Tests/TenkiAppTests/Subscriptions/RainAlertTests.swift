import Foundation
import Testing
@testable import TenkiApp
@testable import TenkiCore
import TenkiStorage
import TenkiFakes

/// Rain alerts on a manual clock: one forecast per place per check, however many channels watch
/// it; an alert once per local day when the forecast turns rainy; quiet at night.
@Suite("Rain alerts")
struct RainAlertTests {
    static let places: [(String, Coordinates)] = [
        ("Da Nang, VN", Coordinates(latitude: 16.0678, longitude: 108.2208)),
        ("Tokyo, JP", Coordinates(latitude: 35.6895, longitude: 139.6917)),
        ("London, GB", Coordinates(latitude: 51.5085, longitude: -0.1257)),
    ]

    /// 12 channels: C0…C11, four on each of the three places, all on Ho Chi Minh City's clock.
    static func subscribeTwelve(_ server: TenkiServer) async throws {
        for index in 0..<12 {
            let (title, coordinates) = places[index % 3]
            let subscription = Subscription(
                id: 0, team: "T0TENKI", channel: "C\(index)", kind: .rain, title: title, coordinates: coordinates,
                timeZone: "Asia/Ho_Chi_Minh", language: .en, units: .metric, createdBy: "U1", createdAt: DigestHarness.monday)
            _ = try await server.state.subscriptions.add(subscription, limit: 10)
        }
    }

    static func forecastCalls(_ harness: DigestHarness) -> Int {
        harness.upstreams.openWeather.calls.filter { $0.path == "/data/2.5/forecast" }.count
    }

    static func alerts(_ server: TenkiServer) async throws -> [DeliverySummary] {
        try await server.state.deliveries.list(states: [.pending, .delivered, .dead])
    }

    @Test("12 channels on 3 places: 3 forecast calls a check; rainy: one alert per channel, not again that day")
    func twelveChannels() async throws {
        let harness = try DigestHarness(environment: SubscriptionScheduleRunTests.environment)
        let (server, scheduler) = try SubscriptionScheduleRunTests.process(harness)
        try await Self.subscribeTwelve(server)
        harness.upstreams.openWeather.setPrecipitationChance(0.1)

        let morning = DigestHarness.at(2, 0)  // 09:00 in Ho Chi Minh City
        _ = await scheduler.runOnce(now: morning)
        #expect(Self.forecastCalls(harness) == 3)
        #expect(try await Self.alerts(server).isEmpty, "10 %: no alert")

        harness.upstreams.openWeather.setPrecipitationChance(0.8)
        harness.clock.set(morning.addingTimeInterval(1800))
        let rainy = await scheduler.runOnce(now: harness.clock.now())
        #expect(Self.forecastCalls(harness) == 6, "checked again after 30 minutes: one call per place")
        #expect(rainy.next == morning.addingTimeInterval(3600), "the next check in 30 minutes")
        let alerts = try await Self.alerts(server)
        #expect(alerts.count == 12)
        await server.queue.runOnce(now: harness.clock.now())
        let posted = harness.upstreams.slackAPI.posted(to: "C4")
        let text = String(decoding: try #require(posted.first).body, as: UTF8.self)
        #expect(text.contains("Tokyo, JP") && text.contains("80 %"), "\(text)")

        harness.clock.set(morning.addingTimeInterval(3600))
        _ = await scheduler.runOnce(now: harness.clock.now())
        #expect(Self.forecastCalls(harness) == 9)
        #expect(try await Self.alerts(server).count == 12, "not again the same day")
        _ = await scheduler.runOnce(now: harness.clock.now().addingTimeInterval(60))
        #expect(Self.forecastCalls(harness) == 9, "not checked again within 30 minutes")
    }

    @Test("quiet from 22:00 to 07:00 local; the next morning alerts again")
    func quietHoursAndNextDay() async throws {
        let harness = try DigestHarness(environment: SubscriptionScheduleRunTests.environment)
        let (server, scheduler) = try SubscriptionScheduleRunTests.process(harness)
        try await Self.subscribeTwelve(server)
        harness.upstreams.openWeather.setPrecipitationChance(0.9)
        harness.clock.set(DigestHarness.at(16, 0))  // 23:00 local
        _ = await scheduler.runOnce(now: harness.clock.now())
        #expect(try await Self.alerts(server).isEmpty)
        harness.clock.set(DigestHarness.at(23, 59))  // 06:59 local
        _ = await scheduler.runOnce(now: harness.clock.now())
        #expect(try await Self.alerts(server).isEmpty)
        harness.clock.set(DigestHarness.at(0, 30, days: 1))  // 07:30 local, the next day
        _ = await scheduler.runOnce(now: harness.clock.now())
        #expect(try await Self.alerts(server).count == 12)
    }

    @Test("the rule: 60 % within 6 hours; less, or later, is no alert")
    func rule() {
        let now = DigestHarness.monday
        func forecast(_ steps: [(TimeInterval, Double)]) -> Forecast {
            Forecast(
                placeName: "X", units: .metric,
                entries: steps.map { Forecast.Entry(time: now.addingTimeInterval($0.0), temperature: 20, precipitationProbability: $0.1, conditions: []) })
        }
        #expect(RainAlertRule.likelyRain(in: forecast([(3600, 0.6)]), now: now) != nil)
        #expect(RainAlertRule.likelyRain(in: forecast([(3600, 0.59)]), now: now) == nil)
        #expect(RainAlertRule.likelyRain(in: forecast([(7 * 3600, 0.9)]), now: now) == nil)
        #expect(RainAlertRule.likelyRain(in: forecast([(-3600, 0.9)]), now: now) != nil, "a step under way counts")
    }
}
