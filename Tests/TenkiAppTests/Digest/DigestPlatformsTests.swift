import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiHTTPServer
import TenkiFakes

extension DigestSuite {
    /// The real `tenki digest` posting one digest each to fake Mattermost, Discord and Google Chat
    /// webhooks on loopback (the fakes of `tenki fakes`). Loopback hosts say nothing about the
    /// platform, so each digest sets its `format`; `DigestWebhookFormatTests` proves the choice
    /// from real hosts.
    @Suite("digest to every platform's webhook")
    struct DigestPlatformsTests {
        static let mattermostPath = "/hooks/MATTERMOSTSECRET"
        static let discordPath = "/api/webhooks/123/DISCORDSECRET"
        static let googleChatPath = "/v1/spaces/AAAA/messages"

        @Test("Mattermost gets Markdown without blocks, Discord embeds with wait=true and no mentions, Google Chat a card")
        func eachPlatformInItsFormat() async throws {
            let harness = try DigestHarness()
            let upstreams = FakeUpstreams(
                openWeather: FakeOpenWeatherMap(apiKey: DigestHarness.key), news: FakeNewsAPI(apiKey: DigestHarness.key))
            let server = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: upstreams, logger: .discarding)
            let base = "http://127.0.0.1:\(try server.start())"
            let config = harness.directory.appendingPathComponent("tenki.json")
            try """
                {"digests": [
                  {"name": "team", "webhook_url": "\(base + Self.mattermostPath)", "format": "mattermost",
                   "cities": ["Tokyo,JP"]},
                  {"name": "gaming", "webhook_url": "\(base + Self.discordPath)?thread_id=7", "format": "discord",
                   "cities": ["Tokyo,JP"]},
                  {"name": "office", "webhook_url": "\(base + Self.googleChatPath)?key=KEY&token=CHATSECRET",
                   "format": "google-chat", "cities": ["Tokyo,JP"]}
                ]}
                """.write(to: config, atomically: true, encoding: .utf8)
            let environment = [
                "OPENWEATHER_API_KEY": DigestHarness.key, "OPENWEATHER_BASE_URL": base, "NEWSAPI_KEY": DigestHarness.key,
                "NEWSAPI_BASE_URL": base, "TENKI_CONFIG": config.path,
                "TENKI_STATE": harness.directory.appendingPathComponent("tenki.sqlite").path,
            ]
            let run = try ChildProcess(["digest", "--force"], environment: environment)
            #expect(try await run.waitForExit() == 0, "\(run.stderr)")
            await server.shutdown(gracePeriod: .seconds(1))
            let posts = upstreams.webhooks.requests
            #expect(posts.count == 3)

            let mattermost = try Self.post(to: Self.mattermostPath, in: posts)
            #expect(mattermost.json["blocks"] == nil)
            let text = try #require(mattermost.json["text"] as? String)
            #expect(text.contains("**Tokyo"), "Markdown bold, not Slack's *bold*")
            #expect(text.hasPrefix("#### "))
            #expect(!mattermost.raw.contains("mrkdwn"))

            let discord = try Self.post(to: Self.discordPath, in: posts)
            #expect(discord.query == "thread_id=7&wait=true")
            let embeds = try #require(discord.json["embeds"] as? [[String: Any]])
            #expect(embeds.count == 1)
            #expect((embeds.first?["description"] as? String)?.contains("**Tokyo") == true)
            #expect((discord.json["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
            #expect(discord.json["blocks"] == nil)

            let chat = try Self.post(to: Self.googleChatPath, in: posts)
            #expect(chat.query == "key=KEY&token=CHATSECRET")
            let cards = try #require(chat.json["cardsV2"] as? [[String: Any]])
            let card = try #require(cards.first?["card"] as? [String: Any])
            #expect((card["header"] as? [String: Any])?["title"] as? String != nil)
            #expect(chat.raw.contains("<b>Tokyo"))
            #expect(chat.json["text"] is String)
            #expect(chat.json["blocks"] == nil)
        }

        static func post(
            to path: String, in posts: [FakeWebhookReceiver.Request]
        ) throws -> (json: [String: Any], raw: String, query: String) {
            let post = try #require(posts.first { $0.path == path }, "nothing was posted to \(path)")
            #expect(post.wasAccepted)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(post.body)) as? [String: Any])
            return (json, String(decoding: post.body, as: UTF8.self), post.query)
        }
    }
}
