import Foundation
import Testing

@testable import TenkiCore

@Suite("Stale weather message")
struct StaleWeatherMessageTests {
    static let now = Date(timeIntervalSince1970: 1_612_059_666)

    func tokyo() throws -> CurrentWeather {
        CurrentWeather(
            wire: try WeatherFixtures.decode(
                OpenWeatherWire.CurrentWeather.self, "owm_current_tokyo_lang_ja_integer_temps_gust.json"),
            units: .metric)
    }

    static let ages: [(WeatherLanguage, TimeInterval, String)] = [
        (.en, 1500, "as of 25 min ago"),
        (.ja, 1500, "25分前の情報"),
        (.en, 30, "as of 1 min ago"),
        (.en, 3599, "as of 59 min ago"),
        (.en, 7800, "as of 2 h ago"),
        (.ja, 18000, "5時間前の情報"),
    ]

    @Test("a stale answer says how old it is, in the reply language", arguments: ages)
    func staleLine(language: WeatherLanguage, age: TimeInterval, line: String) throws {
        let message = WeatherMessageFormatter(language: language).current(try tokyo(), place: nil, now: Self.now, staleAge: age).slack
        guard case .context(let elements) = message.blocks.first(where: { if case .context = $0 { true } else { false } }) else {
            Issue.record("no context block")
            return
        }
        #expect(elements.first == .markdown(line))
        #expect(MessageTextRenderer.render(message).contains(line))
    }

    @Test("a fresh answer has no age line", arguments: WeatherLanguage.allCases)
    func fresh(language: WeatherLanguage) throws {
        let formatter = WeatherMessageFormatter(language: language)
        let message = formatter.current(try tokyo(), place: nil, now: Self.now).slack
        let rendered = MessageTextRenderer.render(message)
        #expect(!rendered.contains("as of"))
        #expect(!rendered.contains("分前の情報"))
        #expect(message == formatter.current(try tokyo(), place: nil, now: Self.now, staleAge: nil).slack)
    }
}
