import Foundation
import Synchronization
import TenkiCore
import TenkiHTTPServer
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// One answer model, rendered once at the edge for the reply's platform: a Discord command and a
/// Discord press, in time and late, never go through Block Kit (no Slack JSON as a middle form).
@Suite("Answers are rendered once, for their platform")
struct EdgeRenderingTests {
    /// Counts each platform's renderer runs, around the real renderers.
    final class CountingRenderers: Sendable {
        let counts = Mutex<[ChatPlatform: Int]>([:])

        var renderers: PlatformRenderers {
            PlatformRenderers(
                slack: { [self] in
                    count(.slack); return SlackRenderer.render($0)
                },
                mattermost: { [self] in
                    count(.mattermost); return MattermostRenderer.render($0)
                },
                discord: { [self] in
                    count(.discord); return DiscordRenderer.render($0)
                })
        }

        func count(_ platform: ChatPlatform) { counts.withLock { $0[platform, default: 0] += 1 } }
        subscript(_ platform: ChatPlatform) -> Int { counts.withLock { $0[platform] ?? 0 } }
    }

    static func harness(_ counting: CountingRenderers, budgetSpent: Bool) throws -> AppHarness {
        try AppHarness(
            environment: [
                "DISCORD_PUBLIC_KEY": DiscordDeferredTests.key.publicKey.hex, "DISCORD_API_BASE_URL": "http://fakes.test/api/v10",
            ],
            lateAnswers: .queued, waitForBudget: budgetSpent ? DiscordDeferredTests.budgetSpent : AppHarness.budgetNeverSpent,
            renderers: counting.renderers)
    }

    @Test("a Discord command and a Discord press in time: one Discord rendering each, no Slack rendering")
    func inTime() async throws {
        let counting = CountingRenderers()
        let harness = try Self.harness(counting, budgetSpent: false)
        let command = await harness.application.router.respond(
            to: try DiscordDeferredTests.request(DiscordDeferredTests.weather("Danang")))
        #expect(try DiscordDeferredTests.object(command)["type"] as? Int == 4)
        #expect(counting[.discord] == 1 && counting[.slack] == 0)

        let press = await harness.application.router.respond(
            to: try DiscordDeferredTests.request(
                DiscordDeferredTests.press("tenki.weather.forecast", DiscordDeferredTests.danang.encoded)))
        #expect(try DiscordDeferredTests.object(press)["type"] as? Int == 7)
        #expect(counting[.discord] == 2 && counting[.slack] == 0 && counting[.mattermost] == 0)
    }

    @Test("a Discord command and a Discord press answered late: one Discord rendering each, for the PATCH; no Slack rendering")
    func late() async throws {
        let counting = CountingRenderers()
        let harness = try Self.harness(counting, budgetSpent: true)
        harness.fakes.openWeather.gate.close()
        let command = await harness.application.router.respond(
            to: try DiscordDeferredTests.request(DiscordDeferredTests.weather("Danang")))
        #expect(try DiscordDeferredTests.object(command)["type"] as? Int == 5)
        let press = await harness.application.router.respond(
            to: try DiscordDeferredTests.request(
                DiscordDeferredTests.press("tenki.weather.forecast", DiscordDeferredTests.danang.encoded)))
        #expect(try DiscordDeferredTests.object(press)["type"] as? Int == 6)
        #expect(counting[.discord] == 0, "nothing rendered before the answers exist")
        harness.fakes.openWeather.gate.open()
        let patches = try await DiscordDeferredTests.delivered(harness)
        #expect(patches.count == 2)
        #expect(patches.allSatisfy { !String(decoding: $0.body, as: UTF8.self).contains("\"blocks\"") })
        #expect(counting[.discord] == 2 && counting[.slack] == 0 && counting[.mattermost] == 0)
    }

    @Test("a Slack command is rendered once, as Block Kit")
    func slackOnce() async throws {
        let counting = CountingRenderers()
        let harness = try Self.harness(counting, budgetSpent: false)
        _ = try await harness.message("/weather", "Danang")
        #expect(counting[.slack] == 1 && counting[.discord] == 0 && counting[.mattermost] == 0)
    }
}
