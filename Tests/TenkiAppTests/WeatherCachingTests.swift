import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// `/weather` through the assembled application, its shared `WeatherService` and the fake upstream.
@Suite("/weather with caching")
struct WeatherCachingTests {
    static let key = "caching-owm-key"

    let fake = FakeOpenWeatherMap(apiKey: WeatherCachingTests.key)
    let clock = ManualClock()
    let metrics = MetricsRegistry()

    func application(language: String = "en") throws -> TenkiServer {
        let settings = try Settings.load(environment: [
            "SLACK_SIGNING_SECRET": "secret", "OPENWEATHER_API_KEY": Self.key, "TENKI_LANG": language,
        ])
        return try TenkiServer.build(
            settings: settings,
            dependencies: ServerDependencies(transport: HandlerTransport(fake), clock: clock, logger: .discarding, metrics: metrics, lateAnswers: .none))
    }

    func ask(_ application: TenkiServer, _ text: String) async -> String {
        let payload = SlashCommandPayload(command: "/weather", text: text, userID: "U1")
        return MessageTextRenderer.render(await application.commands.respond(to: payload, logger: .discarding).message)
    }

    @Test("repeated /weather Tokyo is answered from the cache; with the upstream failing, with its age")
    func staleAnswerShowsItsAge() async throws {
        let application = try application()
        let first = await ask(application, "Tokyo")
        let second = await ask(application, "tokyo")
        #expect(first == second)
        #expect(fake.calls.count == 2)  // one geocoding call, one weather call
        #expect(!first.contains("as of"))

        fake.setFailure(.internalServerError)
        clock.advance(by: 25 * 60)
        let stale = await ask(application, "Tokyo")
        #expect(stale.contains("as of 25 min ago"))
        #expect(stale.contains("Tokyo, JP"))
        #expect(metrics.counter("tenki_cache_stale_served_total", [("cache", "weather")]) == 1)
    }

    @Test("the stale line is in the reply language")
    func japanese() async throws {
        let application = try application(language: "ja")
        _ = await ask(application, "東京")
        fake.setFailure(.serviceUnavailable)
        clock.advance(by: 25 * 60)
        #expect(await ask(application, "東京").contains("25分前の情報"))
    }

    @Test("with nothing cached, a failing upstream still gets the usual message")
    func failureWithoutCache() async throws {
        let application = try application()
        fake.setFailure(.internalServerError)
        let reply = await ask(application, "Tokyo")
        #expect(reply.contains("The weather service had a problem answering"))
    }
}
