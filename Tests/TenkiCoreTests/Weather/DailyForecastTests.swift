import Foundation
import Testing
@testable import TenkiCore

@Suite("Daily forecast")
struct DailyForecastTests {
    static let rain = WeatherCondition(id: 500, main: "Rain", description: "light rain", icon: "10d")
    static let clear = WeatherCondition(id: 800, main: "Clear", description: "clear sky", icon: "01d")

    /// Steps every 3 h from 2024-05-30 00:00 UTC, which is 07:00 in Da Nang (UTC+7): `count` of them
    /// (14 reach the afternoon of the 31st in both zones; 10 end at 10:00 on the 31st in Da Nang).
    static func forecast(offset: Int, count: Int = 14) -> Forecast {
        let start = 1_717_027_200
        let temperatures: [Double] = Array([28, 31, 33, 30, 27, 26, 25, 26, 29, 32, 31, 30, 28, 27].prefix(count))
        let entries = temperatures.enumerated().map { index, temperature in
            Forecast.Entry(
                time: Date(timeIntervalSince1970: TimeInterval(start + index * 10_800)), temperature: temperature,
                precipitationProbability: index == 3 ? 0.4 : 0.1, conditions: [index < 4 ? rain : clear])
        }
        return Forecast(placeName: "Da Nang", countryCode: "VN", utcOffsetSeconds: offset, units: .metric, entries: entries)
    }

    @Test("steps are grouped by the place's local date, not UTC")
    func groupsByLocalDate() {
        let now = Date(timeIntervalSince1970: 1_717_027_200)
        let days = DailyForecast.days(from: Self.forecast(offset: 25_200), now: now)
        // Local times: 07, 10, 13, 16, 19, 22 on the 30th; 01, 04, 07, 10, 13, 16, 19, 22 on the 31st.
        #expect(days.count == 2)
        #expect((days[0].year, days[0].month, days[0].day) == (2024, 5, 30))
        #expect(days[0].weekday == 4)
        #expect(days[0].high == 33)
        #expect(days[0].low == 26)
        #expect(days[0].chanceOfPrecipitation == 0.4)
        #expect((days[1].month, days[1].day, days[1].high, days[1].low) == (5, 31, 32, 25))
        let utcDays = DailyForecast.days(from: Self.forecast(offset: 0), now: now)
        #expect(utcDays.map(\.day) == [30, 31])
        #expect(utcDays[0].low == 25)
    }

    @Test("today's high and low include the current temperature")
    func todayIncludesCurrent() throws {
        let now = Date(timeIntervalSince1970: 1_717_027_200)
        let current = CurrentWeather(
            placeName: "Da Nang", countryCode: "VN", coordinates: Coordinates(latitude: 16, longitude: 108),
            conditions: [Self.clear], units: .metric, temperature: 35, humidity: 50, windSpeed: 1,
            observedAt: now, utcOffsetSeconds: 25_200)
        let days = DailyForecast.days(from: Self.forecast(offset: 25_200), current: current, now: now)
        #expect(days[0].high == 35)
        #expect(days[1].high == 32)
    }

    @Test("a last day the forecast leaves before its local noon is left out: its high would be a night's")
    func dropsAPartialLastDay() {
        let now = Date(timeIntervalSince1970: 1_717_027_200)
        // In Da Nang the ten steps end at 10:00 on the 31st; in UTC at 03:00. Today is always kept.
        #expect(DailyForecast.days(from: Self.forecast(offset: 25_200, count: 10), now: now).map(\.day) == [30])
        #expect(DailyForecast.days(from: Self.forecast(offset: 0, count: 10), now: now).map(\.day) == [30])
        // Eleven reach 13:00 on the 31st in Da Nang: that day stays.
        #expect(DailyForecast.days(from: Self.forecast(offset: 25_200, count: 11), now: now).map(\.day) == [30, 31])
        let onlyToday = Date(timeIntervalSince1970: 1_717_027_200 + 86_400)
        #expect(DailyForecast.days(from: Self.forecast(offset: 25_200, count: 10), now: onlyToday).map(\.day) == [31])
    }

    @Test("days before today are dropped")
    func dropsPast() {
        let later = Date(timeIntervalSince1970: 1_717_027_200 + 86_400)
        #expect(DailyForecast.days(from: Self.forecast(offset: 25_200), now: later).map(\.day) == [31])
    }

    @Test("civil dates", arguments: [(0, 1970, 1, 1), (19_782, 2024, 2, 29), (-1, 1969, 12, 31), (20_819, 2027, 1, 1)])
    func civilDates(days: Int, year: Int, month: Int, day: Int) {
        #expect(CivilDate(dayNumber: days) == CivilDate(year: year, month: month, day: day))
    }

    @Test("the forecast message has one line per day with emoji, high/low and chance of rain")
    func message() {
        let days = DailyForecast.days(from: Self.forecast(offset: 25_200), now: Date(timeIntervalSince1970: 1_717_027_200))
        let english = MessageTextRenderer.render(ForecastMessageFormatter(language: .en).forecast(days, placeTitle: "Da Nang, VN", units: .metric).slack)
        #expect(english.contains("Da Nang, VN: the next days"))
        #expect(english.contains("Thu 30 May  🌦️  33 / 26 °C  💧 40% chance of rain"))
        let japanese = MessageTextRenderer.render(ForecastMessageFormatter(language: .ja).forecast(days, placeTitle: "ダナン, VN", units: .metric).slack)
        #expect(japanese.contains("5月30日(木)"))
        #expect(japanese.contains("降水確率"))
    }
}
