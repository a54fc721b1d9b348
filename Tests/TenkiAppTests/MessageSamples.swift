import Foundation
@testable import TenkiCore

/// Constructed inputs for message goldens and limit tests: every kind of message Tenki sends,
/// from fixed data, so a golden changes only when the formatting does.
enum MessageSamples {
    static let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01 00:00 UTC

    static func condition(_ id: Int, _ main: String, _ description: String, _ icon: String) -> WeatherCondition {
        WeatherCondition(id: id, main: main, description: description, icon: icon)
    }

    static func weather(
        _ name: String, _ country: String, _ condition: WeatherCondition, temperature: Double = 21.4, units: Units = .metric,
        rain: PrecipitationAmount? = nil, snow: PrecipitationAmount? = nil
    ) -> CurrentWeather {
        CurrentWeather(
            placeName: name, countryCode: country, coordinates: Coordinates(latitude: 16.07, longitude: 108.22),
            conditions: [condition], units: units, temperature: temperature, feelsLike: temperature + 1.6,
            humidity: 71, pressure: 1009, windSpeed: 3.6, windDirectionDegrees: 110, windGust: 5.2, visibility: 9000,
            rain: rain, snow: snow, observedAt: now, utcOffsetSeconds: 25_200)
    }

    static let danang = Place(name: "Da Nang", localizedName: nil, state: nil, countryCode: "VN", coordinates: Coordinates(latitude: 16.07, longitude: 108.22))

    /// (name, weather) for the conditions the goldens pin.
    static let currentCases: [(String, CurrentWeather)] = [
        ("current-day", weather("Da Nang", "VN", condition(800, "Clear", "clear sky", "01d"), temperature: 31.2)),
        ("current-night", weather("Da Nang", "VN", condition(800, "Clear", "clear sky", "01n"), temperature: 26.8)),
        ("current-rain", weather("Sydney", "AU", condition(501, "Rain", "moderate rain", "10d"), rain: PrecipitationAmount(millimetres: 2.4, period: .oneHour))),
        ("current-snow", weather("Chicago", "US", condition(601, "Snow", "snow", "13n"), temperature: -3.2, snow: PrecipitationAmount(millimetres: 1.1, period: .oneHour))),
        ("current-fog", weather("Hamburg", "DE", condition(741, "Fog", "fog", "50d"), temperature: 1.5)),
        ("current-thunderstorm", weather("Da Nang", "VN", condition(211, "Thunderstorm", "thunderstorm", "11d"), temperature: 28.9)),
    ]

    static let days: [DailyForecast] = [
        DailyForecast(year: 2026, month: 12, day: 1, weekday: 2, high: 27.4, low: 21.2, chanceOfPrecipitation: 0.62, condition: condition(500, "Rain", "light rain", "10d")),
        DailyForecast(year: 2026, month: 12, day: 2, weekday: 3, high: 26.1, low: 20.8, chanceOfPrecipitation: 0.2, condition: condition(803, "Clouds", "broken clouds", "04d")),
        DailyForecast(year: 2026, month: 12, day: 3, weekday: 4, high: 28.0, low: 21.0, chanceOfPrecipitation: nil, condition: condition(800, "Clear", "clear sky", "01d")),
    ]

    /// OpenWeatherMap's own descriptions with `lang=ja`, as a Japanese reply would carry them.
    static let japaneseDescriptions = [
        "clear sky": "晴天", "moderate rain": "適度な雨", "snow": "雪", "fog": "霧", "thunderstorm": "雷雨",
        "broken clouds": "曇りがち", "light rain": "小雨",
    ]

    static func localized(_ weather: CurrentWeather, _ language: WeatherLanguage) -> CurrentWeather {
        guard language == .ja else { return weather }
        var copy = weather
        copy.conditions = copy.conditions.map { condition in
            var translated = condition
            translated.description = japaneseDescriptions[condition.description] ?? condition.description
            return translated
        }
        return copy
    }

    static func localized(_ days: [DailyForecast], _ language: WeatherLanguage) -> [DailyForecast] {
        guard language == .ja else { return days }
        return days.map { day in
            var copy = day
            copy.condition?.description = japaneseDescriptions[day.condition?.description ?? ""] ?? day.condition?.description ?? ""
            return copy
        }
    }

    static func article(_ index: Int, image: Bool, title: String? = nil) -> NewsArticle {
        NewsArticle(
            title: title ?? "Headline number \(index) about Da Nang & the coast",
            sourceName: "Source \(index)", url: URL(string: "https://news.example/\(index)")!,
            summary: index.isMultiple(of: 2) ? "A short summary <with> markup-looking text." : nil,
            imageURL: image ? URL(string: "https://news.example/\(index).jpg") : nil,
            publishedAt: now.addingTimeInterval(TimeInterval(-3600 * (index + 1))))
    }
}
