import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

extension ButtonPresses {
    /// The message the press leads to: the new view (replacing the pressed message), or a private
    /// note (beside it) when the press cannot be answered.
    func answer(
        _ press: WeatherAction, value encoded: String?, user: UserKey, fromEphemeral: Bool, logger: Logger
    ) async -> PressAnswer {
        guard let value = buttonValue(encoded, logger: logger, read: WeatherButtonValue.init(encoded:)) else {
            return unusableButton(command: settings.commandNames.weather)
        }
        // Only a private message is shared: one the channel already sees would be posted twice,
        // and the "private copy" deleted would be the channel's.
        if press == .share, !fromEphemeral {
            return .note(ButtonStrings.table(for: value.language).alreadyInChannel)
        }
        guard await rateLimiter.allowCommand(user) else { return slowDown(user, language: value.language, logger: logger) }
        var next = value
        switch press {
        case .show(let view): next.view = view
        case .swapUnits: next.units = value.units.swapped
        case .refresh, .choosePlace, .share: break
        }
        if press == .share {
            return .share(await view(next, visibility: .inChannel, logger: logger))
        }
        let maxAge = press == .refresh ? Self.refreshAge : nil
        return .replace(await view(next, visibility: settings.resultVisibility, maxAge: maxAge, logger: logger))
    }

    /// `value.view` of `value`'s place, in its units and language; a failure is the usual notice.
    private func view(
        _ value: WeatherButtonValue, visibility: ChatMessage.Visibility, maxAge: TimeInterval? = nil, logger: Logger
    ) async -> ChatMessage {
        var settings = settings
        settings.language = value.language
        settings.resultVisibility = visibility
        let notices = settings.notices
        guard let weather else { return notices.weather(.notConfigured) }
        let lookup = WeatherLookup(service: weather, settings: settings, clock: clock, logger: logger, maxAge: maxAge)
        let place = Place(name: value.title, countryCode: "", coordinates: value.coordinates)
        do {
            switch value.view {
            case .now: return try await lookup.current(.known(place), units: value.units)
            case .hourly: return try await lookup.hourly(.known(place), units: value.units)
            case .forecast: return try await lookup.forecast(.known(place), units: value.units)
            case .air: return try await lookup.air(.known(place), units: value.units)
            }
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "weather lookup failed", [("error", error.description)])
            return notices.weather(WeatherCommandHandler.problem(for: error, query: value.title))
        }
    }
}
