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
}
