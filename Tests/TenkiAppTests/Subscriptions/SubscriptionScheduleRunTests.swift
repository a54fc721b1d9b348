import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiStorage
import TenkiFakes

/// Morning reports on a manual clock through the digest machinery: posted once per slot with
/// `chat.postMessage`, across restarts and processes on one state file, on local time across DST.
@Suite("Subscription reports on schedule")
struct SubscriptionScheduleRunTests {
    static let environment = [
        "DIGEST_WEBHOOK_URL": "", "DIGEST_CITIES": "", "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken,
        "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
    ]

    static func subscribe(_ server: TenkiServer, zone: String = "Asia/Ho_Chi_Minh", channel: String = "C1") async throws {
        let subscription = Subscription(
            id: 0, team: "T0TENKI", channel: channel, kind: .morning(LocalTime(hour: 7, minute: 30)!, .daily),
            title: "Da Nang, VN", coordinates: Coordinates(latitude: 16.0678, longitude: 108.2208), timeZone: zone,
            language: .en, units: .metric, createdBy: "U1", createdAt: DigestHarness.monday)
        _ = try await server.state.subscriptions.add(subscription, limit: 10)
    }

    /// One `serve` process: its own connection to the state file, scheduler and queue.
    static func process(_ harness: DigestHarness) throws -> (server: TenkiServer, scheduler: DigestScheduler) {
        let server = try harness.server()
        return (server, DigestScheduler(runner: server.digests, clock: harness.clock, subscriptions: server.subscriptionDigests))
    }

    static func queued(_ server: TenkiServer) async throws -> [DeliverySummary] {
        try await server.state.deliveries.list(states: [.pending, .delivered, .dead]).filter { $0.kind.hasPrefix("subscription:") }
    }

    @Test("07:30 Asia/Ho_Chi_Minh is queued at 00:30:00 UTC, once, and reaches the channel through chat.postMessage")
    func postsOnceAtTheSlot() async throws {
        let harness = try DigestHarness(environment: Self.environment)
        let (server, scheduler) = try Self.process(harness)
        try await Self.subscribe(server)

        harness.clock.set(DigestHarness.at(0, 29).addingTimeInterval(59))
        _ = await scheduler.runOnce(now: harness.clock.now())
        #expect(try await Self.queued(server).isEmpty, "nothing before the slot")
        #expect(harness.upstreams.openWeather.calls.contains { $0.path == "/data/2.5/weather" }, "fetched ahead")
        #expect(!harness.upstreams.openWeather.calls.contains { $0.path == "/geo/1.0/direct" }, "a saved place is never geocoded")

        harness.clock.set(DigestHarness.at(0, 30))
        let round = await scheduler.runOnce(now: harness.clock.now())
        #expect(round.outcomes["subscription:1"]?.isPosted == true)
        let queued = try await Self.queued(server)
        #expect(queued.map(\.createdAt) == [DigestHarness.at(0, 30)])
        #expect(queued.map(\.destinationKind) == [.slackWebAPI])

        _ = await scheduler.runOnce(now: harness.clock.now().addingTimeInterval(20))
        await server.queue.runOnce(now: harness.clock.now())
        let posts = harness.upstreams.slackAPI.posted(to: "C1")
        #expect(posts.count == 1)
        #expect(String(decoding: try #require(posts.first).body, as: UTF8.self).contains("Da Nang, VN"))
        #expect(try await Self.queued(server).count == 1)
    }

    @Test("restarts before, at and after the slot, and two processes on one state file: one post", arguments: [
        (-60.0, 0.0), (0, 0), (0, 600), (600, 600),
    ])
    func restartsAndProcesses(firstRunAfterSlot: TimeInterval, secondRunAfterSlot: TimeInterval) async throws {
        let harness = try DigestHarness(environment: Self.environment)
        let first = try Self.process(harness)
        try await Self.subscribe(first.server)
        let slot = DigestHarness.at(0, 30)
        _ = await first.scheduler.runOnce(now: slot.addingTimeInterval(firstRunAfterSlot))
        let restarted = try Self.process(harness)  // a new process on the same file: a restart or a second replica
        _ = await restarted.scheduler.runOnce(now: slot.addingTimeInterval(secondRunAfterSlot))
        _ = await first.scheduler.runOnce(now: slot.addingTimeInterval(secondRunAfterSlot + 1))
        #expect(try await Self.queued(restarted.server).count == 1)
    }

    @Test("America/New_York at 07:30 local on both sides of both DST changes", arguments: [
        ("2026-03-07T12:30:00Z", "2026-03-08T11:30:00Z"), ("2026-10-31T11:30:00Z", "2026-11-01T12:30:00Z"),
    ])
    func newYork(_ before: String, _ after: String) async throws {
        let iso = ISO8601DateFormatter()
        let (day1, day2) = (iso.date(from: before)!, iso.date(from: after)!)
        let harness = try DigestHarness(environment: Self.environment, start: day1.addingTimeInterval(-3600))
        let (server, scheduler) = try Self.process(harness)
        try await Self.subscribe(server, zone: "America/New_York")
        for instant in [day1.addingTimeInterval(-1), day1, day1.addingTimeInterval(3600), day2.addingTimeInterval(-1), day2] {
            _ = await scheduler.runOnce(now: instant)
        }
        #expect(try await Self.queued(server).map(\.createdAt) == [day1, day2])
    }

    @Test("a paused subscription is not posted; removing one stops its reports")
    func pausedAndRemoved() async throws {
        let harness = try DigestHarness(environment: Self.environment)
        let (server, scheduler) = try Self.process(harness)
        try await Self.subscribe(server, channel: "C1")
        try await Self.subscribe(server, channel: "C2")
        for _ in 0..<3 { _ = try await server.state.subscriptions.recordPost(1, delivered: false, reason: "not_in_channel") }
        #expect(try await server.state.subscriptions.remove([2], team: nil, channel: nil) == 1)
        _ = await scheduler.runOnce(now: DigestHarness.at(0, 30))
        #expect(try await Self.queued(server).isEmpty)
    }

    @Test("three dead reports in a row (channel_not_found) pause the subscription; the list says why; no fourth post")
    func pausesAfterThreeDeadReports() async throws {
        let harness = try DigestHarness(environment: Self.environment)
        let (server, scheduler) = try Self.process(harness)
        try await Self.subscribe(server)
        harness.upstreams.slackAPI.setError("channel_not_found", forChannel: "C1")
        for day in 0..<4 {
            let slot = DigestHarness.at(0, 30, days: day)
            _ = await scheduler.runOnce(now: slot)
            await server.queue.runOnce(now: slot.addingTimeInterval(1))
            _ = await scheduler.runOnce(now: slot.addingTimeInterval(2))
        }
        #expect(try await Self.queued(server).count == 3, "the fourth day is not posted")
        #expect(try await Self.queued(server).allSatisfy { $0.state == .dead && $0.lastError == "channel_not_found" })
        let paused = try #require(try await server.state.subscriptions.all().first)
        #expect(paused.pausedReason == "channel_not_found" && paused.deadInARow == 3)
    }

    @Test("tenki digest (a timer or CronJob) posts a due report once, says so, and keeps its exit status when one is dead")
    func digestCommandRunsSubscriptions() async throws {
        let harness = try DigestHarness(environment: Self.environment)
        let server = try harness.server()
        try await Self.subscribe(server, channel: "C1")
        try await Self.subscribe(server, channel: "C2")
        harness.upstreams.slackAPI.setError("not_in_channel", forChannel: "C2")
        harness.clock.set(DigestHarness.at(0, 30))
        let report = try await harness.command()
        #expect(report.exitCode == .success)
        #expect(report.diagnostics.contains { $0.contains("subscription #1 delivered") }, "\(report.diagnostics)")
        #expect(report.diagnostics.contains { $0.contains("subscription #2 dead") && $0.contains("not_in_channel") })
        #expect(harness.upstreams.slackAPI.posted(to: "C1").count == 1)
        let again = try await harness.command()
        #expect(again.exitCode == .success)
        #expect(harness.upstreams.slackAPI.posted(to: "C1").count == 1, "the slot is posted once")
        #expect(try await server.state.subscriptions.all().map(\.deadInARow) == [0, 1])
    }

    @Test("tenki digest started at 00:26 UTC (a 5-minute timer) waits for the 07:30 Ho Chi Minh report and posts it at 00:30:00")
    func digestCommandWaitsForTheReport() async throws {
        let harness = try DigestHarness(environment: Self.environment)
        let server = try harness.server()
        try await Self.subscribe(server, channel: "C1")
        harness.clock.set(DigestHarness.at(0, 26))
        let clock = harness.clock
        let report = try await harness.command(sleep: { duration in
            #expect(harness.upstreams.slackAPI.posted(to: "C1").isEmpty, "nothing is posted before the slot")
            clock.advance(by: duration.seconds)
        })
        #expect(report.exitCode == .success)
        #expect(harness.clock.now() == DigestHarness.at(0, 30))
        #expect(harness.upstreams.slackAPI.posted(to: "C1").count == 1)
    }
}
