import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

/// Whatever the outside text, every message stays within Slack's limits: extreme inputs from a
/// seeded generator, checked by the independent checker.
@Suite("Message limits under extreme input")
struct MessageLimitPropertyTests {
    static let alphabet: [String] = ["a", "Z", " ", "<", ">", "&", "|", "*", "_", "~", "`", "\n", "東", "ẵ", "🌧️", "👩‍👩‍👧", "&amp;", "<!channel>", "http://x"]

    static func text(_ random: inout SplitMix64, maximum: Int) -> String {
        let length = Int.random(in: 0...maximum, using: &random)
        var result = ""
        for _ in 0..<length { result += alphabet.randomElement(using: &random) ?? "a" }
        return result
    }

    static func check(_ message: SlackMessage, _ label: String) {
        let violations = SlackLimitChecker.violations(in: Data(MessageEncoding.json(message)))
        #expect(violations.isEmpty, "\(label): \(violations.prefix(3))")
    }

    @Test("random long names, titles, URLs and 100 articles never break a limit", arguments: 0..<3)
    func extremeInputs(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        for language in WeatherLanguage.allCases {
            let name = Self.text(&random, maximum: 10_000)
            var weather = MessageSamples.weather(name, Self.text(&random, maximum: 40), MessageSamples.condition(500, "Rain", Self.text(&random, maximum: 3000), "10d"))
            weather.placeName = name
            let place = Place(name: name, state: Self.text(&random, maximum: 500), countryCode: "VN", coordinates: weather.coordinates)
            let alternatives = (0..<20).map { _ in Place(name: Self.text(&random, maximum: 2000), countryCode: "XX", coordinates: weather.coordinates) }
            Self.check(WeatherMessageFormatter(language: language).current(weather, place: place, alternatives: alternatives, now: MessageSamples.now, staleAge: 99_999).slack, "current \(seed)")

            let days = (0..<40).map { index in
                DailyForecast(year: 2026, month: 12, day: 1 + index % 28, weekday: index % 7, high: 1e6, low: -1e6, chanceOfPrecipitation: 1,
                              condition: MessageSamples.condition(200 + index, "X", Self.text(&random, maximum: 2000), "01d"))
            }
            Self.check(ForecastMessageFormatter(language: language).forecast(days, placeTitle: name, units: .standard).slack, "forecast \(seed)")

            let articles = try (0..<100).map { index -> NewsArticle in
                let path = Self.text(&random, maximum: 4000).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "x"
                let url = try #require(URL(string: "https://news.example/\(index)/\(path)"))
                return NewsArticle(
                    title: Self.text(&random, maximum: 10_000), sourceName: Self.text(&random, maximum: 500), url: url,
                    summary: Self.text(&random, maximum: 5000), imageURL: index.isMultiple(of: 3) ? URL(string: "https://img.example/\(path)") : nil,
                    publishedAt: MessageSamples.now)
            }
            let news = NewsMessageFormatter(language: language)
            Self.check(news.articles(articles, topic: .search(name), now: MessageSamples.now, staleContext: ReplyStrings.table(for: language).asOf(99_999)).slack, "news \(seed)")
            Self.check(news.articles([], topic: .search(name), now: MessageSamples.now).slack, "no news \(seed)")

            let notices = NoticeMessages(language: language, weatherCommand: "/weather", newsCommand: "/news")
            Self.check(notices.failure(.placeNotFound(query: name), service: .weather).slack, "not found \(seed)")
            Self.check(notices.unknownCommand(name).slack, "unknown \(seed)")
        }
    }
}
