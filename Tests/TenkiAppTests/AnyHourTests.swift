import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// What a newcomer sees first (`tenki demo`, `tenki preview` against `tenki fakes`), with the clock
/// fixed at several hours of the UTC day: the fakes must answer like the live services at any
/// hour, so every forecast has its days, every digest city its high, low and chance of rain, and
/// every Japanese reply Japanese descriptions.
@Suite("the demo and preview at any hour of the UTC day")
struct AnyHourTests {
    /// 2026-12-01 at 00:30, 12:00, 17:45 and 23:30 UTC.
    static let hours: [String] = ["00:30", "12:00", "17:45", "23:30"]
    static let midnight = Date(timeIntervalSince1970: 1_796_083_200)
    static let key = "any-hour-key"

    static func instant(_ hour: String) -> Date {
        let parts = hour.split(separator: ":").compactMap { Int($0) }
        return midnight.addingTimeInterval(TimeInterval(parts[0] * 3600 + parts[1] * 60))
    }

    @Test("preview: every built-in city's forecast and weather, in English and Japanese", arguments: hours)
    func previewForEveryCity(hour: String) async throws {
        let clock = ManualClock(Self.instant(hour))
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: Self.key, clock: clock), news: FakeNewsAPI(apiKey: Self.key))
        for language in WeatherLanguage.allCases {
            let settings = try Settings.load(environment: [
                "OPENWEATHER_API_KEY": Self.key, "OPENWEATHER_BASE_URL": "http://fakes.test",
                "NEWSAPI_KEY": Self.key, "NEWSAPI_BASE_URL": "http://fakes.test", "TENKI_LANG": language.rawValue,
            ])
            let dependencies = ServerDependencies(transport: HandlerTransport(fakes), clock: clock, logger: .discarding)
            for sample in fakes.openWeather.samples {
                let name = language == .ja ? sample.place.localNames?["ja"] ?? sample.place.name : sample.place.name
                let where_ = "\(hour) UTC, \(language), /weather \(name)"
                let forecast = try await PreviewCommand.message(
                    command: "/weather", text: "\(name) forecast", settings: settings, dependencies: dependencies)
                ReplyChecks.forecastHasDays(forecast, language: language, context: where_ + " forecast")
                let current = try await PreviewCommand.message(
                    command: "/weather", text: name, settings: settings, dependencies: dependencies)
                ReplyChecks.description(ReplyChecks.currentDescription(current), language: language, context: where_)
            }
        }
    }

    @Test("demo: the examples pass, the forecast has its days, and every digest city has high, low and rain", arguments: hours)
    func demoAtEveryHour(hour: String) async throws {
        let harness = try await ReplayHarness.start(clock: ManualClock(Self.instant(hour)))
        var results: [ReplayResult] = []
        for example in DemoCommand.examples() {
            results.append(await harness.replay(example))
        }
        let everyCity = FakeOpenWeatherMap.builtInSamples.map { "\($0.place.name),\($0.place.country)" }.joined(separator: ";")
        let digests = [
            (await DemoDigest.run(harness: harness, logger: .discarding), DemoDigest.cities, WeatherLanguage.en),
            (await DemoDigest.run(harness: harness, logger: .discarding, cities: everyCity), everyCity, .en),
            (await DemoDigest.run(harness: harness, logger: .discarding, cities: everyCity, language: .ja), everyCity, .ja),
        ]
        await harness.stop()
        for result in results {
            #expect(result.passed, "\(hour) UTC, \(result.name): \(result.differences)")
        }
        let forecast = try #require(results.first { $0.name == "weather-forecast.json" }?.observation?.message)
        ReplyChecks.forecastHasDays(forecast, language: .en, context: "\(hour) UTC, demo forecast")
        for (digest, cities, language) in digests {
            let context = "\(hour) UTC, \(language) digest of \(cities)"
            let message = try #require(digest.message, "\(context): \(digest.transcript)")
            ReplyChecks.digestCitiesAreComplete(
                message, count: cities.split(separator: ";").count, language: language, context: context)
        }
    }
}
