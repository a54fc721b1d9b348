import Foundation
import Testing
@testable import TenkiCore

/// The top-level `text`: Slack parses it as mrkdwn for notifications, so outside words (place
/// names, queries, headlines) must not mention `@channel`, disguise a link or break the escaping
/// rules, and it stays one short line however long the message is.
@Suite("Fallback text")
struct FallbackTextTests {
    static let now = Date(timeIntervalSince1970: 1_612_059_666)
    static let hostile = [
        "<!channel>", "<http://evil.example|https://slack.com/signin>", "Tom & Jerry", "a > b", "<@U123>", "&amp;lt;",
    ]

    /// No raw `<` or `>`, and every `&` starts one of the three escapes.
    static func isEscaped(_ text: String) -> Bool {
        guard !text.contains("<"), !text.contains(">") else { return false }
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[amp...]
            guard after.hasPrefix("&amp;") || after.hasPrefix("&lt;") || after.hasPrefix("&gt;") else { return false }
            rest = rest[rest.index(after: amp)...]
        }
        return true
    }

    func weather(_ fixture: String) throws -> CurrentWeather {
        CurrentWeather(wire: try WeatherFixtures.decode(OpenWeatherWire.CurrentWeather.self, fixture), units: .metric)
    }

    func article(_ title: String, _ index: Int = 0) -> NewsArticle {
        NewsArticle(
            title: title, sourceName: "Source & <Co>", url: URL(string: "https://news.example/\(index)")!,
            publishedAt: Self.now.addingTimeInterval(-600))
    }

    @Test("a hostile place name is escaped in the weather and forecast fallbacks", arguments: hostile)
    func weatherAndForecast(name: String) throws {
        var tokyo = try weather("owm_current_tokyo_lang_ja_integer_temps_gust.json")
        tokyo.placeName = name
        let place = Place(name: name, state: "<!here>", countryCode: "JP", coordinates: tokyo.coordinates)
        for message in [
            WeatherMessageFormatter(language: .en).current(tokyo, place: place, now: Self.now).slack,
            WeatherMessageFormatter(language: .en).current(tokyo, place: nil, now: Self.now).slack,
            ForecastMessageFormatter(language: .en).forecast([], placeTitle: name, units: .metric).slack,
        ] {
            #expect(Self.isEscaped(message.text), "\(message.text)")
            #expect(message.text.contains(Mrkdwn.escape(name)))
        }
    }

    @Test("a hostile query and headlines are escaped in the news fallback", arguments: hostile)
    func news(text: String) {
        let message = NewsMessageFormatter(language: .en).articles(
            [article(text + " storm"), article("Markets > expectations & more", 1)], topic: .search(text), now: Self.now).slack
        #expect(Self.isEscaped(message.text), "\(message.text)")
        #expect(!message.text.contains("<!channel>"))
        let none = NewsMessageFormatter(language: .en).articles([], topic: .search(text), now: Self.now).slack
        #expect(Self.isEscaped(none.text), "\(none.text)")
    }

    @Test("`/news <!channel> storm` does not notify the channel")
    func channelMention() {
        let message = NewsMessageFormatter(language: .en).articles(
            [article("Storm warning")], topic: .search("<!channel> storm"), now: Self.now).slack
        #expect(message.text.hasPrefix("📰 News: &lt;!channel&gt; storm: Storm warning"), "\(message.text)")
    }

    @Test("a 100-article page with & and > in every title gives one escaped line within the limit")
    func longPage() {
        let articles = (0..<100).map { article("Rates & bonds > forecast, part \($0) " + String(repeating: "x", count: 200), $0) }
        let message = NewsMessageFormatter(language: .en).articles(articles, topic: .headlines(nil), now: Self.now).slack
        #expect(message.text.unicodeScalars.count <= Mrkdwn.fallbackLimit)
        #expect(Self.isEscaped(message.text), "\(message.text)")
        #expect(!message.text.contains("\n"))
        #expect(message.text.hasPrefix("📰 Top headlines: Rates &amp; bonds &gt; forecast, part 0"), "\(message.text)")
    }

    @Test("a digest with hostile city titles: escaped and bounded", arguments: hostile)
    func digest(title: String) throws {
        let tokyo = try weather("owm_current_tokyo_lang_ja_integer_temps_gust.json")
        let cities = (0..<40).map { _ in DigestReport.City.weather(.init(title: title, current: tokyo, today: nil)) }
        let report = DigestReport(
            date: .init(year: 2026, month: 12, day: 1, weekday: 2), cities: cities + [.failed(query: title)],
            headlines: .articles([article(title)]), units: .metric)
        let message = DigestMessageFormatter(language: .en).message(for: report).slack
        #expect(Self.isEscaped(message.text), "\(message.text)")
        #expect(message.text.unicodeScalars.count <= Mrkdwn.fallbackLimit)
    }

    @Test("notices: the outside words were escaped, and the line is short", arguments: hostile)
    func notices(query: String) {
        let notices = NoticeMessages(language: .en)
        for message in [
            notices.weather(.placeNotFound(query: query)).slack, notices.weather(.badPlace(query: query)).slack,
            notices.unknownCommand(query).slack, notices.weatherHelp().slack, notices.newsHelp().slack,
        ] {
            #expect(Self.isEscaped(message.text), "\(message.text)")
            #expect(message.text.unicodeScalars.count <= Mrkdwn.fallbackLimit)
            #expect(!message.text.contains("\n"))
        }
    }

    @Test("cutting never leaves half an escape")
    func cutting() {
        for prefix in 130...150 {
            let text = String(repeating: "a", count: prefix) + String(repeating: "&", count: 30)
            #expect(Self.isEscaped(Mrkdwn.fallback(text)), "\(Mrkdwn.fallback(text))")
            #expect(Mrkdwn.fallback(text).unicodeScalars.count <= Mrkdwn.fallbackLimit)
        }
    }
}
