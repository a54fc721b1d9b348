import Foundation
import TenkiCharts
import TenkiCore
import TenkiLogging
import TenkiProviders

/// One weather answer: resolve the place, fetch, format. Separate from the command handler so
/// that the command language and the lookups each stay small.
struct WeatherLookup: Sendable {
    /// What to look up: what a person typed, or a place already resolved (a button's).
    enum Target: Sendable {
        case query(PlaceQuery)
        case known(Place)
    }

    let service: WeatherService
    let settings: Settings
    let clock: any WallClock
    let logger: Logger
    /// Answers older than this are asked for anew (Refresh: a minute); nil uses the caches' own.
    var maxAge: TimeInterval? = nil

    /// Current weather; a place name is geocoded and its other matches are named.
    func current(_ place: Target, units: Units) async throws(OpenWeatherError) -> ChatMessage {
        try await currentAnswer(place, units: units).message
    }

    /// Current weather, and until when the very same answer may be given again (see `ReplyCache`):
    /// while the weather and geocoding entries it came from are fresh and the place's local minute
    /// has not changed. Nil when it must not be reused (built from a stale entry).
    func currentAnswer(_ place: Target, units: Units) async throws(OpenWeatherError) -> (message: ChatMessage, reusableUntil: Date?) {
        let formatter = WeatherMessageFormatter(language: settings.language, visibility: settings.resultVisibility)
        let (point, best, alternatives, placesFreshUntil) = try await resolveWithFreshness(place)
        let weather = try await service.currentWeather(at: point, units: units, language: settings.language, maxAge: maxAge)
        logIfStale(weather.staleAge)
        let now = clock.now()
        var message = formatter.current(
            weather.value, place: best, alternatives: alternatives, now: now,
            command: settings.commandNames.weather, staleAge: weather.staleAge)
        let title = best.map(WeatherMessageFormatter.title(of:))
            ?? WeatherMessageFormatter.title(name: weather.value.placeName, state: nil, country: weather.value.countryCode)
        message.parts.append(buttons(.now, at: point, title: title, units: units))
        if let menu = menu(of: alternatives, view: .now, units: units) { message.parts.append(menu) }
        guard !weather.isStale, let placesFreshUntil else { return (message, nil) }
        let offset = TimeInterval(weather.value.utcOffsetSeconds ?? 0)
        let minuteEnds = ReplyCache.nextMinute(after: now.addingTimeInterval(offset)).addingTimeInterval(-offset)
        let until = min(weather.fetchedAt.addingTimeInterval(service.currentWeatherTimeToLive), placesFreshUntil, minuteEnds)
        return (message, until)
    }

    /// The next days, one line each, grouped by the place's own calendar. The current weather
    /// (today's line) is fetched alongside the forecast, not after it; without it the days still show.
    func forecast(_ place: Target, units: Units) async throws(OpenWeatherError) -> ChatMessage {
        let (point, best, alternatives) = try await resolve(place)
        let service = service, language = settings.language, maxAge = maxAge
        async let pendingCurrent = try? service.currentWeather(at: point, units: units, language: language, maxAge: maxAge)
        let forecast = try await service.forecast(at: point, units: units, language: language, maxAge: maxAge)
        let current = await pendingCurrent
        logIfStale(forecast.staleAge)
        let days = DailyForecast.days(from: forecast.value, current: current?.value, now: clock.now())
        let title = best.map(WeatherMessageFormatter.title(of:))
            ?? [forecast.value.placeName, forecast.value.countryCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        var message = ForecastMessageFormatter(language: settings.language, visibility: settings.resultVisibility).forecast(
            days, placeTitle: title, units: units,
            staleContext: forecast.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) })
        if let chart = ChartLinks(settings: settings)?.part(
            Meteogram(
                steps: Meteogram.forecastSteps(forecast.value, now: clock.now()), utcOffsetSeconds: forecast.value.utcOffsetSeconds,
                units: units, language: settings.language),
            name: "forecast")
        {
            message.parts.append(chart)
        }
        message.parts.append(buttons(.forecast, at: point, title: title, units: units))
        if let menu = menu(of: alternatives, view: .forecast, units: units) { message.parts.append(menu) }
        return message
    }

    /// The menu of the other matches of a name, each leading to `view` of it.
    func menu(of alternatives: [Place], view: WeatherView, units: Units) -> ChatMessage.Part? {
        WeatherButtons(language: settings.language).otherPlaces(
            alternatives.map { (WeatherMessageFormatter.title(of: $0), $0.coordinates) }, view: view, units: units)
    }

    /// The buttons under a result: `view` on show, of the place at `point` named `title`.
    func buttons(_ view: WeatherView, at point: Coordinates, title: String, units: Units) -> ChatMessage.Part {
        WeatherButtons(language: settings.language).row(
            for: WeatherButtonValue(view: view, coordinates: point, title: title, units: units, language: settings.language),
            offersShare: settings.resultVisibility == .ephemeral)
    }

    /// Where to look: coordinates as given (no geocoding), or the best geocoding match of a name
    /// together with the other distinct matches.
    func resolve(_ place: Target) async throws(OpenWeatherError) -> (Coordinates, Place?, [Place]) {
        let (point, best, alternatives, _) = try await resolveWithFreshness(place)
        return (point, best, alternatives)
    }

    /// `resolve`, plus until when the geocoding answer is fresh (`.distantFuture` for coordinates,
    /// nil when it was stale).
    private func resolveWithFreshness(_ place: Target) async throws(OpenWeatherError) -> (Coordinates, Place?, [Place], Date?) {
        switch place {
        case .known(let place):
            return (place.coordinates, place, [], .distantFuture)
        case .query(.coordinates(let coordinates)):
            return (coordinates, nil, [], .distantFuture)
        case .query(.name(let name)):
            let cached = try await service.places(matching: name, language: settings.language)
            let places = cached.value
            let freshUntil = cached.isStale ? nil : cached.fetchedAt.addingTimeInterval(service.geocodingTimeToLive)
            return (places[0].coordinates, places[0], Self.distinctAlternatives(places), freshUntil)
        }
    }

    func logIfStale(_ age: TimeInterval?) {
        guard let age else { return }
        logger.notice("weather service failing: served a cached answer", [("age_s", String(Int(age)))])
    }

    /// Other matches worth naming: geocoding often returns the same city twice (by two names or
    /// two ids), which is noise, not ambiguity.
    static func distinctAlternatives(_ places: [Place]) -> [Place] {
        guard let best = places.first else { return [] }
        var seen: Set<String> = [WeatherMessageFormatter.title(of: best)]
        return places.dropFirst().filter { seen.insert(WeatherMessageFormatter.title(of: $0)).inserted }
    }
}
