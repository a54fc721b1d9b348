import Foundation
@testable import TenkiCore
import Testing

/// No formatter shows an empty section: an empty list says so in one line, and context lines
/// name each source once.
@Suite("formatters never show an empty section")
struct EmptySectionTests {
    @Test("a forecast with no days says so in one line, only to the caller", arguments: WeatherLanguage.allCases)
    func emptyForecast(language: WeatherLanguage) {
        let message = ForecastMessageFormatter(language: language).forecast([], placeTitle: "Da Nang, VN", units: .metric).slack
        guard case .section(let section)? = message.blocks.first, message.blocks.count == 1 else {
            Issue.record("expected one section, got \(message.blocks)")
            return
        }
        let expected = "📅 " + ReplyStrings.fill(ReplyStrings.table(for: language).noForecast, ["place": "Da Nang, VN"])
        #expect(section.text?.text == expected)
        #expect(!expected.contains("\n") && expected.contains("Da Nang, VN"))
        #expect(message.text == expected)
        #expect(message.responseType == .ephemeral)
        #expect(MessageTextRenderer.render(message) == expected + "\n")
    }

    @Test("an empty news list says so in one line", arguments: WeatherLanguage.allCases)
    func emptyNews(language: WeatherLanguage) {
        let message = NewsMessageFormatter(language: language).articles([], topic: .search("ベトナム"), now: Date()).slack
        #expect(message.blocks.count == 1)
        #expect(MessageTextRenderer.render(message).split(separator: "\n").count == 1)
        #expect(message.text.contains("ベトナム"))
    }

    @Test("the digest's context line names each source once", arguments: WeatherLanguage.allCases)
    func digestSources(language: WeatherLanguage) {
        let date = DigestReport.LocalDate(year: 2026, month: 12, day: 1, weekday: 2)
        let strings = ReplyStrings.table(for: language)
        for (headlines, expected) in [
            (DigestReport.Headlines.articles([]), "OpenWeatherMap · NewsAPI.org"), (.failed, "OpenWeatherMap"),
            (.omitted, "OpenWeatherMap"),
        ] {
            let message = DigestMessageFormatter(language: language).message(
                for: DigestReport(date: date, cities: [.failed(query: "Atlantis")], headlines: headlines, units: .metric)).slack
            guard case .context(let elements)? = message.blocks.last, case .text(let text)? = elements.first, elements.count == 1
            else {
                Issue.record("the digest does not end with one context element: \(message.blocks)")
                continue
            }
            #expect(text.text == ReplyStrings.fill(strings.dataSources, ["sources": expected]))
        }
    }
}
