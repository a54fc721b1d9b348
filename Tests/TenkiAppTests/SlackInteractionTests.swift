import Foundation
import Testing
@testable import TenkiApp
@testable import TenkiCore
import TenkiHTTPClient
@testable import TenkiHTTPServer
@testable import TenkiStorage
import TenkiFakes
import TenkiTestSupport

/// Button presses through the real listener: Slack's documented `block_actions` shapes, signed,
/// posted to `/slack/interactions`; the effect reaches a `response_url` sink on loopback through the
/// delivery queue.
@Suite("Slack interactions over loopback")
struct SlackInteractionTests {
    static let secret = "interactions-secret"
    static let key = "interactions-owm-key"
    static let danang = WeatherButtonValue(
        view: .now, coordinates: Coordinates(latitude: 16.0544, longitude: 108.2022), title: "Da Nang, VN", units: .metric,
        language: .en)

    /// The fake OpenWeatherMap, the `response_url` sink and the app's listener, on free loopback ports.
    final class Stack: Sendable {
        let upstreams: FakeUpstreams
        var fake: FakeOpenWeatherMap { upstreams.openWeather }
        /// The time of the app, the fakes and the signatures (fixed for goldens).
        let clock: any WallClock
        let sink = FakeWebhookReceiver()
        let servers: [HTTPServer]
        let application: TenkiServer
        let sinkOrigin: String
        let sender: SignedCommandSender
        let endpoint: URL

        init(environment extra: [String: String] = [:], clock: any WallClock = SystemWallClock()) throws {
            self.clock = clock
            upstreams = FakeUpstreams(
                openWeather: FakeOpenWeatherMap(apiKey: SlackInteractionTests.key, clock: clock),
                news: FakeNewsAPI(apiKey: SlackInteractionTests.key))
            let upstream = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: upstreams, logger: .discarding)
            let sinkServer = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: sink, logger: .discarding)
            let upstreamPort = try upstream.start(), sinkPort = try sinkServer.start()
            let settings = try Settings.load(environment: [
                "SLACK_SIGNING_SECRET": SlackInteractionTests.secret, "OPENWEATHER_API_KEY": SlackInteractionTests.key,
                "OPENWEATHER_BASE_URL": "http://127.0.0.1:\(upstreamPort)", "TENKI_ALLOWED_RESPONSE_HOSTS": "127.0.0.1",
                "NEWSAPI_KEY": SlackInteractionTests.key, "NEWSAPI_BASE_URL": "http://127.0.0.1:\(upstreamPort)",
            ].merging(extra.mapValues { $0.replacingOccurrences(of: "{upstream}", with: "http://127.0.0.1:\(upstreamPort)") }) { _, new in new })
            let transport = CurlTransport()
            application = try TenkiServer.build(
                settings: settings,
                dependencies: ServerDependencies(
                    transport: transport, clock: clock, logger: .discarding, lateAnswers: .none,
                    waitForBudget: AppHarness.budgetNeverSpent))
            let listener = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: application.router, logger: .discarding)
            let port = try listener.start()
            servers = [listener, upstream, sinkServer]
            sinkOrigin = "http://127.0.0.1:\(sinkPort)"
            endpoint = URL(string: "http://127.0.0.1:\(port)/slack/interactions")!
            sender = SignedCommandSender(
                endpoint: endpoint, transport: transport, signingSecret: SlackInteractionTests.secret, clock: clock,
                timeout: .seconds(60))
        }

        /// A documented payload with its first action replaced by Tenki's, answered to `path` on the sink.
        func press(
            fixture: String = "slack_block_actions_button_in_channel_DERIVED_docs_shape.json", actionID: String, value: String,
            path: String = "/actions/T0/1/press"
        ) async throws -> OutboundResponse {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/\(fixture)")
            var payload = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var actions = try #require(payload["actions"] as? [[String: Any]])
            actions[0]["action_id"] = actionID
            if actions[0]["selected_option"] != nil {
                actions[0]["selected_option"] = ["text": ["type": "plain_text", "text": "x"], "value": value]
            } else {
                actions[0]["value"] = value
            }
            payload["actions"] = actions
            payload["response_url"] = sinkOrigin + path
            let json = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
            return try await sender.send(body: Array(FormURLEncoded.encode([("payload", json)]).utf8))
        }

        /// Waits for the presses' work, then runs the queue once: what reached the sink at `path`.
        func delivered(to path: String = "/actions/T0/1/press") async throws -> [SlackMessage] {
            #expect(await application.background.waitUntilIdle(atMost: .seconds(60)))
            _ = await application.queue.runOnce(now: clock.now())
            return try sink.requests(to: path).map { try JSONDecoder().decode(SlackMessage.self, from: Data($0.body)) }
        }

        /// Signs slash commands for the same listener.
        func commandSender() -> SignedCommandSender {
            SignedCommandSender(
                endpoint: URL(string: "/slack/commands", relativeTo: endpoint)!.absoluteURL, transport: CurlTransport(),
                signingSecret: SlackInteractionTests.secret, clock: clock, timeout: .seconds(60))
        }

        func stop() async {
            for server in servers { await server.shutdown(gracePeriod: .seconds(1)) }
        }
    }

    static func buttons(of message: SlackMessage) -> [ButtonElement] {
        message.blocks.flatMap { block -> [ButtonElement] in
            if case .actions(let buttons) = block { return buttons }
            return []
        }
    }

    @Test("5-day on a channel message: an empty 200 at once, then the forecast replaces the message")
    func forecastInChannel() async throws {
        let stack = try Stack()
        let response = try await stack.press(actionID: "tenki.weather.forecast", value: Self.danang.encoded)
        #expect(response.status == 200 && response.body.isEmpty)
        let posted = try await stack.delivered()
        await stack.stop()
        let message = try #require(posted.first)
        #expect(posted.count == 1)
        #expect(message.replaceOriginal == true)
        #expect(MessageTextRenderer.render(message).contains("Da Nang, VN: the next days"))
        let buttons = Self.buttons(of: message)
        #expect(buttons.map(\.actionID) == [
            "tenki.weather.now", "tenki.weather.hourly", "tenki.weather.forecast", "tenki.weather.air", "tenki.weather.units",
            "tenki.weather.refresh",
        ])
        #expect(buttons.first { $0.style == "primary" }?.actionID == "tenki.weather.forecast")
        #expect(stack.fake.calls.map(\.path).contains("/data/2.5/forecast"))
        #expect(!stack.fake.calls.map(\.path).contains("/geo/1.0/direct"), "a press never geocodes: the value has the place")
    }

    @Test("refresh on an ephemeral message (no message in the payload) shows the current weather again")
    func refreshEphemeral() async throws {
        let stack = try Stack()
        let response = try await stack.press(
            fixture: "slack_block_actions_button_ephemeral_DERIVED_docs_shape.json", actionID: "tenki.weather.refresh",
            value: Self.danang.encoded)
        #expect(response.status == 200)
        let message = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(message.replaceOriginal == true)
        #expect(MessageTextRenderer.render(message).contains("Da Nang, VN"))
        #expect(Self.buttons(of: message).first { $0.style == "primary" }?.actionID == "tenki.weather.now")
    }

    @Test("a place chosen from the menu (static_select) is shown from its option's value")
    func placeMenu() async throws {
        let stack = try Stack()
        var portland = Self.danang
        portland.title = "Portland, Oregon, US"
        portland.coordinates = Coordinates(latitude: 45.52, longitude: -122.68)
        #expect(portland.encoded.utf8.count <= 150)
        let response = try await stack.press(
            fixture: "slack_block_actions_static_select_DERIVED_docs_shape.json", actionID: "tenki.weather.place",
            value: portland.encoded)
        #expect(response.status == 200)
        let message = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(message.replaceOriginal == true)
        #expect(MessageTextRenderer.render(message).contains("Portland, Oregon, US"))
        #expect(stack.fake.calls.first?.query("lat") == "45.52")
    }

    @Test("units swaps °C and °F in the message, and the presser's saved preferences stay as they were")
    func units() async throws {
        let stack = try Stack()
        _ = try await stack.press(actionID: "tenki.weather.units", value: Self.danang.encoded)
        let message = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(MessageTextRenderer.render(message).contains("°F"))
        #expect(Self.buttons(of: message).first { $0.actionID == "tenki.weather.units" }?.text.text == "Show in °C")
        #expect(try await stack.application.state.preferences.preferences(for: UserKey(team: "T0EXAMPLE1", user: "U0EXAMPLE1"))
            == UserPreferences())
    }

    @Test(
        "tampered values end in a private note, with no upstream call",
        arguments: [
            "w1;now;500;108.2;metric;en;Da Nang", "w1;now;16;108;metric;en;" + String(repeating: "x", count: 10_000),
            "{\"v\":\"forecast\"}", "w1;now;16;108;metric;en;{bad",
        ])
    func tampered(value: String) async throws {
        let stack = try Stack()
        let response = try await stack.press(actionID: "tenki.weather.forecast", value: value)
        let posted = try await stack.delivered()
        await stack.stop()
        #expect(response.status == 200)
        if value.hasSuffix("{bad") {
            // Well-formed: the title is only a name, shown escaped.
            #expect(posted.first?.replaceOriginal == true)
            return
        }
        let note = try #require(posted.first)
        #expect(note.replaceOriginal == false && note.responseType == .ephemeral)
        #expect(note.text.contains("cannot be used any more"))
        #expect(stack.fake.calls.isEmpty)
    }

    @Test("an action id Tenki does not know, and other payload types: an empty 200, nothing posted, no upstream call")
    func ignored() async throws {
        let stack = try Stack()
        #expect(try await stack.press(actionID: "example.forecast", value: Self.danang.encoded).status == 200)
        let shortcut = Array(FormURLEncoded.encode([("payload", "{\"type\":\"shortcut\",\"callback_id\":\"x\"}")]).utf8)
        #expect(try await stack.sender.send(body: shortcut).status == 200)
        let posted = try await stack.delivered()
        await stack.stop()
        #expect(posted.isEmpty && stack.sink.requests.isEmpty)
        #expect(stack.fake.calls.isEmpty)
    }

    @Test("the contract's order: unsigned 401, another media type 415, no payload or no type 400, GET 405")
    func refusals() async throws {
        let stack = try Stack()
        let unsigned = SignedCommandSender(endpoint: stack.endpoint, transport: CurlTransport(), signingSecret: nil, timeout: .seconds(60))
        let body = Array(FormURLEncoded.encode([("payload", "{\"type\":\"block_actions\"}")]).utf8)
        #expect(try await unsigned.send(body: body).status == 401)
        let transport = CurlTransport()
        let json = OutboundRequest(
            method: "POST", url: stack.endpoint, headers: ["Content-Type": "application/json"], body: Array("{}".utf8),
            timeout: .seconds(60))
        #expect(try await transport.send(json).status == 415)
        #expect(try await stack.sender.send(body: Array("token=x".utf8)).status == 400)
        #expect(try await stack.sender.send(body: Array(FormURLEncoded.encode([("payload", "{not json")]).utf8)).status == 400)
        #expect(try await stack.sender.send(body: Array(FormURLEncoded.encode([("payload", "{\"actions\":[]}")]).utf8)).status == 400)
        let get = try await transport.send(OutboundRequest(url: stack.endpoint, timeout: .seconds(60)))
        #expect(get.status == 405 && get.headers["Allow"] == "POST")
        await stack.stop()
        #expect(stack.fake.calls.isEmpty)
    }

    @Test("share on a private result: the view posted in the channel, and only once it is delivered, the private copy deleted")
    func share() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        let service = Task { await stack.application.queue.run() }
        let response = try await stack.press(
            fixture: "slack_block_actions_button_ephemeral_DERIVED_docs_shape.json", actionID: "tenki.share",
            value: Self.danang.encoded)
        #expect(response.status == 200)
        #expect(await stack.application.background.waitUntilIdle(atMost: .seconds(60)))
        service.cancel()
        await service.value
        // The delete goes to the same response_url, paced a second after the post.
        _ = await stack.application.queue.runOnce(now: stack.clock.now().addingTimeInterval(60))
        let bodies = stack.sink.requests(to: "/actions/T0/1/press").map { String(decoding: $0.body, as: UTF8.self) }
        await stack.stop()
        #expect(bodies.count == 2)
        let shared = try JSONDecoder().decode(SlackMessage.self, from: Data(try #require(bodies.first).utf8))
        #expect(shared.responseType == .inChannel && shared.replaceOriginal == false)
        #expect(MessageTextRenderer.render(shared).contains("Da Nang, VN"))
        #expect(!Self.buttons(of: shared).contains { $0.actionID == "tenki.share" }, "a message in the channel has nothing to share")
        #expect(bodies.last == #"{"delete_original":true}"#)
    }

    @Test("share pressed on a message already in the channel: a private note, nothing posted in the channel or deleted")
    func shareFromChannelMessage() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        let response = try await stack.press(actionID: "tenki.share", value: Self.danang.encoded)
        #expect(response.status == 200)
        let delivered = try await stack.delivered()
        let bodies = stack.sink.requests(to: "/actions/T0/1/press").map { String(decoding: $0.body, as: UTF8.self) }
        await stack.stop()
        #expect(delivered.count == 1)
        let note = try #require(delivered.first)
        #expect(note.responseType == .ephemeral && note.replaceOriginal == false)
        #expect(MessageTextRenderer.render(note).contains("already in the channel"), "\(MessageTextRenderer.render(note))")
        #expect(!bodies.contains { $0.contains("delete_original") })
        #expect(stack.fake.calls.isEmpty, "nothing to look up for a share that is refused")
    }

    @Test(
        "every press counts against the presser's rate limit, not only Refresh: a forged press with new coordinates is refused",
        arguments: ["tenki.weather.forecast", "tenki.weather.units", "tenki.weather.now", "tenki.weather.air"])
    func pressesAreRateLimited(actionID: String) async throws {
        // A clock that stands still: the limit's allowance would refill while a loaded machine runs the presses.
        let stack = try Stack(environment: ["TENKI_USER_RATE_LIMIT": "2"], clock: ManualClock())
        for index in 0..<4 {
            var value = Self.danang
            value.coordinates = Coordinates(latitude: 10 + Double(index), longitude: 100 + Double(index))
            let response = try await stack.press(actionID: actionID, value: value.encoded, path: "/actions/T0/1/press\(index)")
            #expect(response.status == 200)
        }
        _ = try await stack.delivered(to: "/actions/T0/1/press0")
        var delivered: [SlackMessage] = []
        for index in 0..<4 {
            delivered += try stack.sink.requests(to: "/actions/T0/1/press\(index)").map {
                try JSONDecoder().decode(SlackMessage.self, from: Data($0.body))
            }
        }
        await stack.stop()
        let notes = delivered.filter { MessageTextRenderer.render($0).contains("sending commands quickly") }
        #expect(delivered.count == 4)
        #expect(notes.count == 2, "\(delivered.map(MessageTextRenderer.render))")
        let places = Set(stack.fake.calls.compactMap { $0.query("lat") })
        #expect(places.count == 2, "two presses' worth of places asked upstream, not four: \(places)")
    }

    @Test("a private result offers share; a channel result does not")
    func shareOffered() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        _ = try await stack.press(actionID: "tenki.weather.now", value: Self.danang.encoded)
        let message = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(Self.buttons(of: message).last?.actionID == "tenki.share")
        #expect(message.responseType == .ephemeral)
    }

    @Test("More headlines: the next five of the answer already fetched, in place, with no new NewsAPI call")
    func moreNews() async throws {
        let stack = try Stack()
        let commands = stack.commandSender()
        let first = try JSONDecoder().decode(SlackMessage.self, from: Data(try await commands.send(command: "/news", text: "").body))
        let more = try #require(Self.buttons(of: first).first { $0.actionID == "tenki.news.more" })
        #expect(try NewsButtonValue(encoded: more.value) == NewsButtonValue(page: 1, language: .en, text: ""))
        _ = try await stack.press(actionID: "tenki.news.more", value: more.value)
        let next = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(next.replaceOriginal == true)
        let titles = { (message: SlackMessage) in
            message.blocks.compactMap { block -> String? in
                guard case .section(let section) = block, let text = section.text?.text, text.hasPrefix("*<") else { return nil }
                return text
            }
        }
        // The fake's US headlines fill a page and part of another.
        #expect(titles(first).count == 5 && (1...5).contains(titles(next).count))
        #expect(Set(titles(first)).isDisjoint(with: titles(next)))
        #expect(!Self.buttons(of: next).contains { $0.actionID == "tenki.news.more" }, "the last page has no More")
        #expect(stack.upstreams.news.calls.count == 1)
    }

    @Test("More on feed news: the next items of the merged feeds, in place")
    func moreFeedNews() async throws {
        let stack = try Stack(environment: [
            "TENKI_NEWS_FEEDS": "vnexpress={upstream}/feeds/vnexpress.rss;nhk={upstream}/feeds/nhk.xml;blog={upstream}/feeds/blog.atom",
            "TENKI_NEWS_FEEDS_ALLOW_PRIVATE": "on",
        ])
        let first = try JSONDecoder().decode(
            SlackMessage.self, from: Data(try await stack.commandSender().send(command: "/news", text: "").body))
        let more = try #require(Self.buttons(of: first).first { $0.actionID == "tenki.news.more" }, "more than five items")
        _ = try await stack.press(actionID: "tenki.news.more", value: more.value)
        let next = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(next.replaceOriginal == true)
        let shownFirst = MessageTextRenderer.render(first), shownNext = MessageTextRenderer.render(next)
        #expect(shownNext.contains("Latest news") && shownNext != shownFirst)
    }
}
