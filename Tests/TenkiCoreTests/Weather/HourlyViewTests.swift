import Foundation
import Testing

@testable import TenkiCore

/// The hourly view: which steps of the 5-day forecast make the next 24 hours, and how they read.
@Suite("Hourly view")
struct HourlyViewTests {
    /// 2026-12-01 00:00 UTC, a Tuesday; 07:00 in Da Nang (UTC+7).
    static let start = Date(timeIntervalSince1970: 1_796_083_200)

    static func forecast(steps: Int) -> Forecast {
        let rain = WeatherCondition(id: 500, main: "Rain", description: "light rain", icon: "10d")
        let entries = (0..<steps).map { (index: Int) -> Forecast.Entry in
            let chance: Double? = index == 2 ? nil : Double(index) / 10
            return Forecast.Entry(
                time: start.addingTimeInterval(TimeInterval(index * 10_800)), temperature: 25 + Double(index),
                precipitationProbability: chance, conditions: [rain])
        }
        return Forecast(placeName: "Da Nang", countryCode: "VN", utcOffsetSeconds: 25_200, units: .metric, entries: entries)
    }

    @Test("eight steps, starting with the one under way")
    func nextEightSteps() {
        let now = Self.start.addingTimeInterval(4 * 3600)
        let steps = HourlyStep.next24Hours(of: Self.forecast(steps: 40), now: now)
        #expect(steps.count == 8)
        #expect(steps.first?.time == Self.start.addingTimeInterval(3 * 3600))
        #expect(steps.last?.time == Self.start.addingTimeInterval(24 * 3600))
        #expect(steps.first?.temperature == 26)
    }

    @Test("a forecast with fewer steps left gives what it has; an outdated one gives none")
    func shortAndOutdated() {
        #expect(HourlyStep.next24Hours(of: Self.forecast(steps: 3), now: Self.start).count == 3)
        #expect(HourlyStep.next24Hours(of: Self.forecast(steps: 3), now: Self.start.addingTimeInterval(9 * 3600)).isEmpty)
    }

    @Test("each line: local weekday and time, emoji, temperature, chance of rain; the weekday changes at local midnight")
    func lines() {
        let steps = HourlyStep.next24Hours(of: Self.forecast(steps: 40), now: Self.start)
        let english = MessageTextRenderer.render(HourlyMessageFormatter(language: .en).hourly(
            steps, utcOffsetSeconds: 25_200, placeTitle: "Da Nang, VN", units: .metric).slack)
        #expect(english.contains("Da Nang, VN: the next 24 hours"))
        #expect(english.contains("Tue 07:00"))
        #expect(english.contains("🌦️  25 °C  💧 0%"))
        #expect(english.contains("Tue 10:00"))
        #expect(english.contains("Wed 01:00"))
        #expect(english.contains("Local times (UTC+07:00)"))
        // The step without a probability shows none rather than 0 %.
        #expect(english.contains("Tue 13:00  🌦️  27 °C\n"))
        #expect(!english.contains("Wed 07:00"))

        let japanese = MessageTextRenderer.render(HourlyMessageFormatter(language: .ja).hourly(
            steps, utcOffsetSeconds: 25_200, placeTitle: "ダナン, VN", units: .metric).slack)
        #expect(japanese.contains("ダナン, VN の24時間予報"))
        #expect(japanese.contains("火 07:00"))
        #expect(japanese.contains("水 01:00"))
        #expect(japanese.contains("現地時刻（UTC+07:00）"))
    }

    @Test("no steps: one line, only to the caller")
    func empty() {
        let message = HourlyMessageFormatter(language: .en).hourly(
            [], utcOffsetSeconds: nil, placeTitle: "Da Nang, VN", units: .metric)
        #expect(message.visibility == .ephemeral)
        #expect(MessageTextRenderer.render(message.slack).contains("No forecast for Da Nang, VN right now"))
    }
}
