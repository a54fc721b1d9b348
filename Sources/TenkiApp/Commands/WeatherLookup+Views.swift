import Foundation
import TenkiCharts
import TenkiCore
import TenkiProviders

extension WeatherLookup {
    /// The next 24 hours in 3-hour steps, from the same cached forecast as the 5-day view (one
    /// upstream call serves both).
    func hourly(_ place: Target, units: Units) async throws(OpenWeatherError) -> ChatMessage {
        let (point, best, alternatives) = try await resolve(place)
        let forecast = try await service.forecast(at: point, units: units, language: settings.language, maxAge: maxAge)
        logIfStale(forecast.staleAge)
        let steps = HourlyStep.next24Hours(of: forecast.value, now: clock.now())
        let title = best.map(WeatherMessageFormatter.title(of:)) ?? Self.title(of: forecast.value)
        var message = HourlyMessageFormatter(language: settings.language, visibility: settings.resultVisibility).hourly(
            steps, utcOffsetSeconds: forecast.value.utcOffsetSeconds, placeTitle: title, units: units,
            staleContext: forecast.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) })
        if let chart = ChartLinks(settings: settings)?.part(
            Meteogram(steps: steps, utcOffsetSeconds: forecast.value.utcOffsetSeconds, units: units, language: settings.language),
            name: "hourly")
        {
            message.parts.append(chart)
        }
        message.parts.append(buttons(.hourly, at: point, title: title, units: units))
        if let menu = menu(of: alternatives, view: .hourly, units: units) { message.parts.append(menu) }
        return message
    }

    /// The air quality now. The Air Pollution API names no place, so coordinates typed by the user
    /// are shown as typed. `units` are only carried on to the buttons (pollutants are µg/m³ in any).
    func air(_ place: Target, units: Units) async throws(OpenWeatherError) -> ChatMessage {
        let (point, best, alternatives) = try await resolve(place)
        let air = try await service.airQuality(at: point, maxAge: maxAge)
        logIfStale(air.staleAge)
        let title = best.map(WeatherMessageFormatter.title(of:)) ?? point.description
        var message = AirQualityMessageFormatter(language: settings.language, visibility: settings.resultVisibility).air(
            air.value, placeTitle: title,
            staleContext: air.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) })
        message.parts.append(buttons(.air, at: point, title: title, units: units))
        if let menu = menu(of: alternatives, view: .air, units: units) { message.parts.append(menu) }
        return message
    }

    /// OpenWeatherMap's own name for a forecast's place (`Da Nang, VN`), for coordinates typed by the user.
    static func title(of forecast: Forecast) -> String {
        [forecast.placeName, forecast.countryCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
