import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

/// `/weather subscribe`, `subscriptions` and `unsubscribe` in process: signed commands to the
/// router, the fakes' OpenWeatherMap and Slack Web API behind them.
@Suite("Subscribe commands")
struct SubscribeCommandTests {
    static func harness(_ extra: [String: String] = [:]) throws -> AppHarness {
        try AppHarness(environment: [
            "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
        ].merging(extra) { $1 })
    }

    static func text(_ message: SlackMessage) -> String { MessageTextRenderer.render(message) }

    @Test("subscribe: geocoded, confirmed in the channel with place, time, zone and next run, then listed")
    func subscribes() async throws {
        let harness = try Self.harness()
        let reply = try await harness.message("/weather", "subscribe Danang at 7:30")
        #expect(reply.responseType == .ephemeral)
        #expect(Self.text(reply).contains("Subscribed (#1)"), "\(Self.text(reply))")
        let posts = harness.fakes.slackAPI.posted(to: "C0TENKI")
        #expect(posts.count == 1)
        let confirmation = String(decoding: try #require(posts.first).body, as: UTF8.self)
        for fragment in ["Da Nang, VN", "07:30", "Asia/Ho_Chi_Minh", "Next: 2026-12-01 07:30", "<@U0TENKIDEMO>"] {
            #expect(confirmation.contains(fragment), "\(fragment) in \(confirmation)")
        }
        #expect(harness.fakes.openWeather.calls.map(\.path) == ["/geo/1.0/direct"], "geocoded once, before saving")
        let list = Self.text(try await harness.message("/weather", "subscriptions"))
        #expect(list.contains("#1") && list.contains("Da Nang, VN") && list.contains("07:30"), "\(list)")
        let subscriptions = try await harness.application.state.subscriptions.all()
        #expect(subscriptions.map(\.timeZone) == ["Asia/Ho_Chi_Minh"], "the caller's Slack zone (users.info)")
    }

    @Test("a zone named in the command wins over the caller's; weekdays and Japanese words are kept")
    func explicitZone() async throws {
        let harness = try Self.harness(["TENKI_LANG": "ja"])
        _ = try await harness.message("/weather", "購読 東京 6時45分 平日 America/New_York")
        let saved = try #require(try await harness.application.state.subscriptions.all().first)
        #expect(saved.timeZone == "America/New_York")
        #expect(saved.kind == .morning(LocalTime(hour: 6, minute: 45)!, .weekdays))
        #expect(saved.language == .ja)
    }

    @Test("a place that does not exist is answered and nothing is saved or posted")
    func unknownPlace() async throws {
        let harness = try Self.harness()
        let reply = Self.text(try await harness.message("/weather", "subscribe Atlantis"))
        #expect(reply.contains("Atlantis"))
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
        #expect(harness.fakes.slackAPI.posts.isEmpty)
    }

    @Test("the bot not in the channel: the caller is told to /invite it, and nothing stays saved")
    func notInChannel() async throws {
        let harness = try Self.harness()
        harness.fakes.slackAPI.setError("not_in_channel", forChannel: "C0TENKI")
        let reply = Self.text(try await harness.message("/weather", "subscribe Danang"))
        #expect(reply.contains("/invite @Tenki"), "\(reply)")
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
    }

    @Test("a command with no channel (only a preview sends none) is told where to type it; nothing is saved or posted")
    func noChannel() async throws {
        let harness = try Self.harness()
        let fields = SignedCommandSender.fields(command: "/weather", text: "subscribe Danang").filter { $0.0 != "channel_id" }
        let response = await harness.application.router.respond(to: AppHarness.signedRequest(fields: fields))
        let reply = Self.text(try JSONDecoder().decode(SlackMessage.self, from: Data(response.body)))
        #expect(reply.contains("in the channel that should get the reports") && !reply.contains("refused"), "\(reply)")
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
        #expect(harness.fakes.slackAPI.posts.isEmpty)
    }

    @Test("without SLACK_BOT_TOKEN the answer names the setting and nothing is asked of anyone")
    func noToken() async throws {
        let harness = try AppHarness()
        let reply = Self.text(try await harness.message("/weather", "subscribe Danang"))
        #expect(reply.contains("SLACK_BOT_TOKEN"))
        #expect(harness.fakes.openWeather.calls.isEmpty && harness.fakes.slackAPI.calls.isEmpty)
    }

    @Test("a command from another workspace than the bot token's cannot subscribe")
    func otherWorkspace() async throws {
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: AppHarness.key, clock: AppHarness.FixedClock(date: AppHarness.now)),
            slackAPI: FakeSlackWebAPI(teamID: "T0OTHER"))
        let harness = try AppHarness(
            environment: ["SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "http://fakes.test/slack-api"],
            fakes: fakes)
        let reply = Self.text(try await harness.message("/weather", "subscribe Danang"))
        #expect(reply.contains("workspace"))
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
    }

    @Test("the channel limit, then unsubscribe by id, by place and all")
    func limitAndUnsubscribe() async throws {
        let harness = try Self.harness(["TENKI_MAX_SUBSCRIPTIONS_PER_CHANNEL": "3"])
        for place in ["Danang", "Tokyo", "rain Sydney"] {
            let reply = Self.text(try await harness.message("/weather", "subscribe \(place)"))
            #expect(reply.contains("Subscribed"), "\(place): \(reply)")
        }
        let full = Self.text(try await harness.message("/weather", "subscribe Hamburg"))
        #expect(full.contains("3 subscriptions"), "\(full)")
        #expect(Self.text(try await harness.message("/weather", "unsubscribe 2")).contains("#2"))
        #expect(Self.text(try await harness.message("/weather", "unsubscribe danang")).contains("Da Nang"))
        #expect(Self.text(try await harness.message("/weather", "unsubscribe 2")).contains("No subscription"))
        #expect(Self.text(try await harness.message("/weather", "unsubscribe all")).contains("Removed 1"))
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
    }

    @Test(
        "unsubscribe by text without a letter or digit removes nothing and says why (issue 40, item 7)",
        arguments: ["%", "?", "-", "🌧️"])
    func unsubscribeWithoutLetters(target: String) async throws {
        let harness = try Self.harness()
        for place in ["Danang", "Tokyo"] { _ = try await harness.message("/weather", "subscribe \(place)") }
        let reply = Self.text(try await harness.message("/weather", "unsubscribe \(target)"))
        #expect(reply.contains("names no place"), "\(reply)")
        #expect(try await harness.application.state.subscriptions.all().count == 2)
    }

    @Test("a place matching several subscriptions lists them and removes none; an ID then removes one")
    func unsubscribeAmbiguous() async throws {
        let harness = try Self.harness()
        for place in ["Danang", "rain Danang", "Tokyo"] { _ = try await harness.message("/weather", "subscribe \(place)") }
        let reply = Self.text(try await harness.message("/weather", "unsubscribe Da"))
        #expect(reply.contains("matches 2 subscriptions") && reply.contains("#1 Da Nang") && reply.contains("#2 Da Nang"), "\(reply)")
        #expect(reply.contains("Nothing was removed"), "\(reply)")
        // Which is which: a place's report and its rain alerts are told apart by their kind.
        #expect(reply.contains("#1 Da Nang, VN (morning report at") && reply.contains("#2 Da Nang, VN (rain alerts)"), "\(reply)")
        #expect(try await harness.application.state.subscriptions.all().count == 3)
        #expect(Self.text(try await harness.message("/weather", "unsubscribe tok")).contains("Removed 1"))
        #expect(Self.text(try await harness.message("/weather", "unsubscribe 2")).contains("Removed 1"))
        #expect(try await harness.application.state.subscriptions.all().map(\.id) == [1])
    }

    @Test("a bot token Slack refuses: the caller is told to ask an admin, not to try again (issue 40, item 10)")
    func refusedBotToken() async throws {
        let harness = try Self.harness(["SLACK_BOT_TOKEN": "xoxb-not-the-right-one"])
        let reply = Self.text(try await harness.message("/weather", "subscribe Danang"))
        #expect(reply.contains("ask an admin") && reply.contains("SLACK_BOT_TOKEN"), "\(reply)")
        #expect(!reply.contains("try again"), "\(reply)")
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
    }

    @Test("the list says why one is paused, and that no scheduler runs when TENKI_SCHEDULER=off")
    func listSaysPausedAndNoScheduler() async throws {
        let harness = try Self.harness(["TENKI_SCHEDULER": "off"])
        _ = try await harness.message("/weather", "subscribe Danang")
        for _ in 0..<3 { _ = try await harness.application.state.subscriptions.recordPost(1, delivered: false, reason: "is_archived") }
        let list = Self.text(try await harness.message("/weather", "subscriptions"))
        #expect(list.contains("paused") && list.contains("is_archived") && list.contains("subscribe again"), "\(list)")
        #expect(list.contains("TENKI_SCHEDULER=off"))
    }

    @Test("bad words are answered with what to write", arguments: [
        ("subscribe Danang 25:00", "not a time"), ("subscribe Danang Mars/Olympus", "not a time zone"),
        ("unsubscribe", "Remove which"),
    ])
    func badWords(_ text: String, _ expected: String) async throws {
        let harness = try Self.harness()
        #expect(Self.text(try await harness.message("/weather", text)).contains(expected))
    }

    @Test("subscribe with no place opens the subscribe modal; when Slack refuses it, the text says what to write")
    func noPlace() async throws {
        let harness = try Self.harness()
        let opened = await harness.send("/weather", "subscribe")
        #expect(opened.status == .ok && opened.body.isEmpty)
        #expect(harness.fakes.slackAPI.viewCalls.map(\.method) == ["views.open"])
        harness.fakes.slackAPI.setError("expired_trigger_id", forMethod: "views.open")
        #expect(Self.text(try await harness.message("/weather", "subscribe")).contains("Which place"))
    }
}

@Suite("tenki subscriptions")
struct SubscriptionsTableTests {
    @Test("the operator's table: one row each, paused ones with their reason, no next run for rain")
    func table() {
        let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01 00:00 UTC
        var morning = Subscription(
            id: 3, team: "T1", channel: "C1", kind: .morning(LocalTime(hour: 7, minute: 30)!, .daily), title: "Da Nang, VN",
            coordinates: Coordinates(latitude: 16.07, longitude: 108.22), timeZone: "Asia/Ho_Chi_Minh", language: .en,
            units: .metric, createdBy: "U1", createdAt: now)
        var rain = morning
        rain.id = 4
        rain.kind = .rain
        rain.pausedReason = "not_in_channel"
        morning.channel = "C2"
        let table = SubscriptionsTable.render([morning, rain], now: now)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].contains("morning") && lines[1].contains("07:30 daily") && lines[1].contains("2026-12-01 07:30"))
        #expect(lines[2].contains("rain") && lines[2].hasSuffix("paused: not_in_channel"))
        #expect(SubscriptionsTable.render([], now: now).contains("/weather subscribe"))
    }
}
