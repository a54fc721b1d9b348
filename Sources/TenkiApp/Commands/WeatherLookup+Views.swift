import Foundation
import TenkiCore
import TenkiServices

extension WeatherLookup {
    /// The next 24 hours in 3-hour steps, from the same cached forecast as the 5-day view (one
    /// upstream call serves both).
    func hourly(_ place: PlaceQuery, units: Units) async throws(OpenWeatherError) -> ChatMessage {
        let (point, best, _) = try await resolve(place)
        let forecast = try await service.forecast(at: point, units: units, language: settings.language)
        logIfStale(forecast.staleAge)
        let steps = HourlyStep.next24Hours(of: forecast.value, now: clock.now())
        let title = best.map(WeatherMessageFormatter.title(of:)) ?? Self.title(of: forecast.value)
        return HourlyMessageFormatter(language: settings.language, visibility: settings.resultVisibility).hourly(
            steps, utcOffsetSeconds: forecast.value.utcOffsetSeconds, placeTitle: title, units: units,
            staleContext: forecast.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) })
    }

    /// The air quality now. The Air Pollution API names no place, so coordinates typed by the user
    /// are shown as typed.
    func air(_ place: PlaceQuery) async throws(OpenWeatherError) -> ChatMessage {
        let (point, best, _) = try await resolve(place)
        let air = try await service.airQuality(at: point)
        logIfStale(air.staleAge)
        let title = best.map(WeatherMessageFormatter.title(of:)) ?? point.description
        return AirQualityMessageFormatter(language: settings.language, visibility: settings.resultVisibility).air(
            air.value, placeTitle: title,
            staleContext: air.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) })
    }

    /// OpenWeatherMap's own name for a forecast's place (`Da Nang, VN`), for coordinates typed by the user.
    static func title(of forecast: Forecast) -> String {
        [forecast.placeName, forecast.countryCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
