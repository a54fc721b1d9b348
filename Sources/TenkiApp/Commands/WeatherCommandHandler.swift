import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// `/weather`: reads the query, geocodes a place name, fetches the current weather, formats it.
/// Every failure becomes a message the user can act on; the detail goes to the log.
struct WeatherCommandHandler: Sendable {
    let client: OpenWeatherClient?
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
        guard let client else {
            logger.warning("weather requested but OPENWEATHER_API_KEY is not set")
            return notices.weather(.notConfigured)
        }
        do {
            return try await lookUp(query, client: client)
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "weather lookup failed", [
                ("operation", error.operation.rawValue), ("error", error.description),
                ("status", error.httpStatus.map(String.init) ?? "-"),
            ])
            return notices.weather(Self.problem(for: error, query: payload.text))
        }
    }

    private func lookUp(_ query: WeatherQuery, client: OpenWeatherClient) async throws(OpenWeatherError) -> SlackMessage {
        let formatter = WeatherMessageFormatter(language: settings.language)
        switch query {
        case .coordinates(let coordinates):
            let weather = try await client.currentWeather(at: coordinates, units: settings.units, language: settings.language)
            return formatter.current(weather, place: nil, now: clock.now(), command: settings.commandNames.weather)
        case .place(let name):
            let places = try await client.geocode(name, limit: 5, language: settings.language)
            let best = places[0]
            let weather = try await client.currentWeather(at: best.coordinates, units: settings.units, language: settings.language)
            return formatter.current(
                weather, place: best, alternatives: Self.distinctAlternatives(places), now: clock.now(),
                command: settings.commandNames.weather)
        case .help, .defaultPlace, .invalidCoordinates:
            return notices.weatherHelp()
        }
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
