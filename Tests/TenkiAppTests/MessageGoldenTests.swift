import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

/// Golden JSON of every message kind, in English and Japanese. Re-record with
/// `TENKI_RECORD_GOLDENS=1 swift test --filter MessageGoldenTests` (that run fails by design), review the diff,
/// then run the tests again without it.
@Suite("Message goldens")
struct MessageGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Every golden by name: (file stem, message).
    static func messages(_ language: WeatherLanguage) -> [(String, SlackMessage)] {
        let weather = WeatherMessageFormatter(language: language)
        let notices = NoticeMessages(language: language)
        let strings = ReplyStrings.table(for: language)
        var all: [(String, SlackMessage)] = MessageSamples.currentCases.map { name, current in
            (name, weather.current(MessageSamples.localized(current, language), place: MessageSamples.danang.countryCode == current.countryCode ? MessageSamples.danang : nil, now: MessageSamples.now).slack)
        }
        all.append(("current-stale", weather.current(MessageSamples.localized(MessageSamples.currentCases[0].1, language), place: MessageSamples.danang, now: MessageSamples.now, staleAge: 1500).slack))
        let london = Place(name: "London", state: "England", countryCode: "GB", coordinates: Coordinates(latitude: 51.5, longitude: -0.12))
        let others = [
            Place(name: "London", state: "Ontario", countryCode: "CA", coordinates: Coordinates(latitude: 42.98, longitude: -81.24)),
            Place(name: "London", state: "Kentucky", countryCode: "US", coordinates: Coordinates(latitude: 37.13, longitude: -84.08)),
        ]
        all.append(("ambiguous-place", weather.current(MessageSamples.localized(MessageSamples.weather("London", "GB", MessageSamples.condition(803, "Clouds", "broken clouds", "04n")), language), place: london, alternatives: others, now: MessageSamples.now).slack))
        all.append(("forecast", ForecastMessageFormatter(language: language).forecast(MessageSamples.localized(MessageSamples.days, language), placeTitle: "Da Nang, VN", units: .metric).slack))
        let emptyForecast = ForecastMessageFormatter(language: language).forecast([], placeTitle: "Da Nang, VN", units: .metric).slack
        all.append(("forecast-empty", emptyForecast))
        let news = NewsMessageFormatter(language: language)
        all.append(("news-images", news.articles((0..<5).map { MessageSamples.article($0, image: true) }, topic: .headlines(nil), now: MessageSamples.now).slack))
        all.append(("news-no-images", news.articles((0..<3).map { MessageSamples.article($0, image: false) }, topic: .search("ベトナム"), now: MessageSamples.now).slack))
        all.append(("news-zero", news.articles([], topic: .search("zxqv"), now: MessageSamples.now).slack))
        let problems: [(String, NoticeMessages.Problem)] = [
            ("place-not-found", .placeNotFound(query: "Dananng")), ("bad-place", .badPlace(query: "95,200")),
            ("not-configured", .notConfigured), ("key-rejected", .keyRejected), ("rate-limited", .rateLimited),
            ("timed-out", .timedOut), ("upstream-failed", .upstreamFailed),
        ]
        for (name, problem) in problems {
            all.append(("error-weather-\(name)", notices.failure(problem, service: .weather).slack))
        }
        all.append(("error-news-key-rejected", notices.failure(.keyRejected, service: .news).slack))
        all.append(("help-weather", notices.weatherHelp().slack))
        all.append(("help-news", notices.newsHelp().slack))
        all.append(("unknown-command", notices.unknownCommand("/forecast").slack))
        all.append(("slow-down", notices.notice(strings.slowDown).slack))
        all.append(("placeholder", SlackMessage(text: ReplyStrings.fill(strings.lookingUp, ["query": "Danang"]), responseType: .ephemeral)))
        all += viewMessages(language)
        return all
    }

    static let cases: [(String, WeatherLanguage)] = WeatherLanguage.allCases.flatMap { language in
        messages(language).map { ("\($0.0).\(language.rawValue).json", language) }
    }

    @Test("each message matches its golden", arguments: cases.map(\.0))
    func matchesGolden(file: String) throws {
        let language = try #require(WeatherLanguage(rawValue: String(file.split(separator: ".")[1])))
        let stem = String(file.split(separator: ".")[0])
        let message = try #require(Self.messages(language).first { $0.0 == stem }?.1)
        let json = String(decoding: MessageEncoding.json(message, pretty: true), as: UTF8.self) + "\n"
        if let difference = GoldenFile.compare(json, name: file, directory: Self.directory) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    @Test("every golden satisfies Slack's limits, by the independent checker")
    func goldensWithinLimits() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }
        // Every file belongs to a case here or to a press (`PressGoldenTests`): none is left over.
        #expect(files.count == Self.cases.count + PressGoldenTests.cases.count)
        for file in files {
            let violations = SlackLimitChecker.violations(in: try Data(contentsOf: Self.directory.appendingPathComponent(file)))
            #expect(violations.isEmpty, "\(file): \(violations)")
        }
    }

    @Test("Japanese goldens contain no English table text")
    func japaneseHasNoEnglish() throws {
        let english = Mirror(reflecting: ReplyStrings.english).children.compactMap { $0.value as? String }
        var fragments: [String] = []
        for template in english {
            for piece in template.split(separator: "{") {
                let literal = String(piece.split(separator: "}", omittingEmptySubsequences: false).last ?? "")
                let trimmed = literal.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters))
                // Prose only: several words, no code (command examples are the same in both languages).
                let isWording = trimmed.count >= 6 && trimmed.contains(" ") && !trimmed.contains("`") && trimmed.contains(where: \.isLetter)
                if isWording && !trimmed.contains("OpenWeatherMap") && !trimmed.contains("NewsAPI") { fragments.append(trimmed) }
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".ja.json") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
            for fragment in fragments {
                #expect(!text.contains(fragment), "\(file) contains English “\(fragment)”")
            }
        }
    }
}
