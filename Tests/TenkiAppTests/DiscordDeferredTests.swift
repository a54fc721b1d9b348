import Foundation
import Testing
@testable import TenkiApp
import TenkiBase
import TenkiCore
import TenkiHTTPServer
import TenkiSecurity
import TenkiFakes
import TenkiTestSupport

/// Discord answers that take longer than the budget: type 5 (a command) or type 6 (a press) at
/// once, then a PATCH of the interaction's `@original` through the delivery queue to the fakes'
/// Discord API; presses answered in time with type 7; the user's `locale`.
@Suite("Discord deferred answers and presses")
struct DiscordDeferredTests {
    static let key = Ed25519PrivateKey.generate()
    static let original = "/api/v10/webhooks/1100000000000000001/aW50ZXJhY3Rpb246ZXhhbXBsZTI/messages/@original"
    static let danang = WeatherButtonValue(
        view: .now, coordinates: Coordinates(latitude: 16.0544, longitude: 108.2022), title: "Da Nang, VN", units: .metric,
        language: .en)

    static let budgetSpent: @Sendable (Duration) async -> Void = { _ in }

    static func harness(budgetSpent: Bool) throws -> AppHarness {
        try AppHarness(
            environment: ["DISCORD_PUBLIC_KEY": key.publicKey.hex, "DISCORD_API_BASE_URL": "http://fakes.test/api/v10"],
            lateAnswers: .queued, waitForBudget: budgetSpent ? Self.budgetSpent : AppHarness.budgetNeverSpent)
    }

    /// An interaction in Discord's documented shape, signed at the harness's time.
    static func request(_ interaction: [String: Any]) throws -> HTTPRequest {
        var body: [String: Any] = [
            "id": "1200000000000000002", "application_id": "1100000000000000001", "token": "aW50ZXJhY3Rpb246ZXhhbXBsZTI",
            "guild_id": "1400000000000000001", "channel_id": "1500000000000000001", "version": 1,
            "member": ["user": ["id": "1000000000000000001", "username": "example"]], "locale": "en-US",
        ]
        body.merge(interaction) { _, new in new }
        let bytes = Array(try JSONSerialization.data(withJSONObject: body))
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        let signer = DiscordRequestSigner(privateKey: key)
        for (name, value) in signer.headers(timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: bytes) {
            headers.add(name, value)
        }
        return HTTPRequest(method: "POST", target: "/discord/interactions", headers: headers, body: bytes)
    }

    static func weather(_ place: String, locale: String = "en-US") -> [String: Any] {
        ["type": 2, "locale": locale, "data": ["name": "weather", "type": 1, "options": [["name": "place", "type": 3, "value": place]]]]
    }

    static func press(_ actionID: String, _ value: String) -> [String: Any] {
        ["type": 3, "data": ["component_type": 2, "custom_id": actionID + ":" + value]]
    }

    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// Waits for the answers' work, runs the queue once, and gives what the Discord API got.
    static func delivered(_ harness: AppHarness) async throws -> [FakeWebhookReceiver.Request] {
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        _ = await harness.application.queue.runOnce(now: AppHarness.now)
        return harness.fakes.discord.requests
    }

    @Test("a slow upstream: type 5 at once, then one PATCH of @original with the embed, and no fallback")
    func deferredCommand() async throws {
        let harness = try Self.harness(budgetSpent: true)
        harness.fakes.openWeather.gate.close()
        let response = await harness.application.router.respond(to: try Self.request(Self.weather("Danang")))
        #expect(response.status == .ok)
        let json = try Self.object(response)
        #expect(json["type"] as? Int == 5)
        harness.fakes.openWeather.gate.open()
        let requests = try await Self.delivered(harness)
        #expect(requests.map(\.method) == ["PATCH"])
        #expect(requests.map(\.path) == [Self.original])
        let patch = String(decoding: try #require(requests.first).body, as: UTF8.self)
        #expect(patch.contains("Da Nang, VN") && patch.contains("\"embeds\"") && patch.contains("\"allowed_mentions\""))
        #expect(patch.contains("tenki.weather.hourly:"), "the answer's buttons come along as components")
        #expect(!patch.contains("\"blocks\""))
    }

    @Test("a press answered in time is type 7 with the new view, and nothing is queued")
    func pressInTime() async throws {
        let harness = try Self.harness(budgetSpent: false)
        let response = await harness.application.router.respond(
            to: try Self.request(Self.press("tenki.weather.forecast", Self.danang.encoded)))
        let json = try Self.object(response)
        #expect(json["type"] as? Int == 7)
        let data = try #require(json["data"] as? [String: Any])
        #expect(data["flags"] == nil, "a message's visibility cannot change in place")
        let embeds = try #require(data["embeds"] as? [[String: Any]])
        #expect((embeds.first?["title"] as? String)?.contains("the next days") == true)
        #expect(try await Self.delivered(harness).isEmpty)
        #expect(!harness.fakes.openWeather.calls.map(\.path).contains("/geo/1.0/direct"), "the value has the place")
    }

    @Test("a slow press: type 6 at once, then the new view as a PATCH of @original")
    func deferredPress() async throws {
        let harness = try Self.harness(budgetSpent: true)
        harness.fakes.openWeather.gate.close()
        let response = await harness.application.router.respond(
            to: try Self.request(Self.press("tenki.weather.hourly", Self.danang.encoded)))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"type":6}"#)
        harness.fakes.openWeather.gate.open()
        let requests = try await Self.delivered(harness)
        #expect(requests.map(\.method) == ["PATCH"] && requests.map(\.path) == [Self.original])
        #expect(String(decoding: try #require(requests.first).body, as: UTF8.self).contains("Da Nang, VN"))
    }

    @Test("a custom_id Tenki did not write gets a private note, and no upstream is asked")
    func foreignButton() async throws {
        let harness = try Self.harness(budgetSpent: false)
        for custom in ["tenki.weather.now:w1;garbage", "someone.else:1", "no-colon"] {
            let response = await harness.application.router.respond(
                to: try Self.request(["type": 3, "data": ["component_type": 2, "custom_id": custom]]))
            let json = try Self.object(response)
            #expect(json["type"] as? Int == 4)
            #expect((json["data"] as? [String: Any])?["flags"] as? Int == 64)
        }
        #expect(harness.fakes.openWeather.calls.isEmpty)
    }

    @Test("locale ja answers in Japanese; en-US in the deployment's language")
    func locale() async throws {
        let harness = try Self.harness(budgetSpent: false)
        let ja = await harness.application.router.respond(to: try Self.request(Self.weather("Danang", locale: "ja")))
        let en = await harness.application.router.respond(to: try Self.request(Self.weather("Danang", locale: "en-US")))
        let jaText = String(decoding: ja.body, as: UTF8.self), enText = String(decoding: en.body, as: UTF8.self)
        #expect(jaText.contains("湿度"), "Japanese field names")
        #expect(!enText.contains("湿度") && enText.contains("Humidity"))
    }

    @Test(
        "an interaction whose token is not as Discord issues it gets no PATCH: the took-too-long note instead",
        arguments: ["../../../users/@me?x=", "..", ".", "%2E%2E", "..aW50ZXJhY3Rpb246ZXhhbXBsZQ", "short"])
    func hostileToken(token: String) async throws {
        let harness = try Self.harness(budgetSpent: true)
        harness.fakes.openWeather.gate.close()
        var command = Self.weather("Danang")
        command["token"] = token
        let json = try Self.object(await harness.application.router.respond(to: try Self.request(command)))
        #expect(json["type"] as? Int == 4)
        #expect(String(describing: json).contains("Discord"))
        harness.fakes.openWeather.gate.open()
        #expect(try await Self.delivered(harness).isEmpty)
    }
}
