import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// `/weather`: reads the query, geocodes a place name, fetches the current weather, formats it.
/// Every failure becomes a message the user can act on; the detail goes to the log. Lookups go
/// through the process's shared `WeatherService`, so an older answer served while OpenWeatherMap
/// fails is shown with its age.
struct WeatherCommandHandler: Sendable {
    let weather: WeatherService?
    let settings: Settings
    let clock: any WallClock

    var notices: NoticeMessages {
        NoticeMessages(language: settings.language, weatherCommand: settings.commandNames.weather, newsCommand: settings.commandNames.news)
    }

    func respond(to payload: SlashCommandPayload, logger: Logger) async -> SlackMessage {
        var query = WeatherQuery(text: payload.text)
        if query == .defaultPlace {
            guard let city = settings.defaultCity else { return notices.weatherHelp() }
            query = WeatherQuery(text: city)
        }
        switch query {
        case .help, .defaultPlace:
            return notices.weatherHelp()
        case .invalidCoordinates(let text):
            return notices.weather(.badPlace(query: text))
        case .place(let name) where name.count > WeatherQuery.maximumPlaceLength:
            return notices.weather(.badPlace(query: name))
        case .place, .coordinates:
            break
        }
        guard let weather else {
            logger.warning("weather requested but OPENWEATHER_API_KEY is not set")
            return notices.weather(.notConfigured)
        }
        do {
            return try await lookUp(query, service: weather, logger: logger)
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "weather lookup failed", [
                ("operation", error.operation.rawValue), ("error", error.description),
                ("status", error.httpStatus.map(String.init) ?? "-"),
            ])
            return notices.weather(Self.problem(for: error, query: payload.text))
        }
    }

    private func lookUp(
        _ query: WeatherQuery, service: WeatherService, logger: Logger
    ) async throws(OpenWeatherError) -> SlackMessage {
        let formatter = WeatherMessageFormatter(language: settings.language)
        switch query {
        case .coordinates(let coordinates):
            let weather = try await service.currentWeather(at: coordinates, units: settings.units, language: settings.language)
            logIfStale(weather, logger: logger)
            return formatter.current(
                weather.value, place: nil, now: clock.now(), command: settings.commandNames.weather, staleAge: weather.staleAge)
        case .place(let name):
            let places = try await service.places(matching: name, language: settings.language).value
            let best = places[0]
            let weather = try await service.currentWeather(
                at: best.coordinates, units: settings.units, language: settings.language)
            logIfStale(weather, logger: logger)
            return formatter.current(
                weather.value, place: best, alternatives: Self.distinctAlternatives(places), now: clock.now(),
                command: settings.commandNames.weather, staleAge: weather.staleAge)
        case .help, .defaultPlace, .invalidCoordinates:
            return notices.weatherHelp()
        }
    }

    private func logIfStale(_ weather: CachedValue<CurrentWeather>, logger: Logger) {
        guard let age = weather.staleAge else { return }
        logger.notice("weather service failing: served a cached answer", [("age_s", String(Int(age)))])
    }

    /// Other matches worth naming: geocoding often returns the same city twice (by two names or
    /// two ids), which is noise, not ambiguity.
    static func distinctAlternatives(_ places: [Place]) -> [Place] {
        guard let best = places.first else { return [] }
        var seen: Set<String> = [WeatherMessageFormatter.title(of: best)]
        return places.dropFirst().filter { seen.insert(WeatherMessageFormatter.title(of: $0)).inserted }
    }

    static func problem(for error: OpenWeatherError, query: String) -> NoticeMessages.Problem {
        switch error.kind {
        case .placeNotFound(let query): .placeNotFound(query: query)
        case .badRequest: error.operation == .geocode ? .badPlace(query: query) : .upstreamFailed
        case .invalidKey: .keyRejected
        case .rateLimited: .rateLimited
        case .timedOut: .timedOut
        case .upstream, .connectionFailed, .cancelled, .undecodable: .upstreamFailed
        }
    }
}
