import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

/// What a save does to the saved place.
enum PlaceChange: Sendable {
    case keep
    /// `/weather` alone then answers for the team's place.
    case forget
    case set(PlaceQuery)
}

/// Why preferences were not saved (nothing was saved), with the notice the text command gives.
enum PreferencesRefusal: Error, Sendable {
    case placeNotFound(String, message: ChatMessage)
    case lookupFailed(ChatMessage)
    case stateUnavailable(ChatMessage)

    var message: ChatMessage {
        switch self {
        case .placeNotFound(_, let message), .lookupFailed(let message), .stateUnavailable(let message): message
        }
    }
}

extension WeatherCommandHandler {
    /// The one way saved preferences change (`/weather set …` and the preferences modal): a place
    /// is saved only once geocoding knows it, so `/weather` alone never fails later on a typo.
    /// Returns the place's title as the geocoder writes it (nil when the place was not set by name).
    func savePreferences(
        place: PlaceChange, units: Units?, for user: UserKey, logger: Logger
    ) async -> Result<String?, PreferencesRefusal> {
        var title: String?
        if case .set(let query) = place {
            guard let weather else { return .failure(.lookupFailed(notices.weather(.notConfigured))) }
            if case .name(let name) = query {
                do {
                    let places = try await weather.places(matching: name, language: settings.language).value
                    title = WeatherMessageFormatter.title(of: places[0])
                } catch {
                    logger.log(
                        error.isTemporary ? .warning : .notice, "weather lookup failed",
                        [("operation", error.operation.rawValue), ("error", error.description)])
                    let problem = Self.problem(for: error, query: name)
                    if case .placeNotFound = problem { return .failure(.placeNotFound(name, message: notices.weather(problem))) }
                    return .failure(.lookupFailed(notices.weather(problem)))
                }
            }
        }
        let preferences = preferences
        do {
            var current = try await preferences.preferences(for: user)
            switch place {
            case .keep: break
            case .forget: current.place = nil
            case .set(let query): current.place = query.description
            }
            if let units { current.units = units }
            try await preferences.save(current, for: user)
        } catch {
            logger.error("preferences store failed", [("error", error.description)])
            return .failure(.stateUnavailable(notices.notice("⚠️ " + strings.stateUnavailable)))
        }
        return .success(title)
    }
}
