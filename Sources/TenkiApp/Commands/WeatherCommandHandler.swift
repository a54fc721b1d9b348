import Foundation
import TenkiCore
import TenkiLogging
import TenkiProviders
import TenkiStorage

/// `/weather`: reads the command language (`WeatherCommand`), resolves the place (given, saved,
/// or the team's), looks it up through the shared `WeatherService`, and formats the answer.
/// Every failure becomes a message the user can act on; the detail goes to the log.
struct WeatherCommandHandler: Sendable {
    let weather: WeatherService?
    /// Saved defaults, remembered in memory so that the listener's thread can read them.
    let preferences: CachedUserPreferencesStore
    let settings: Settings
    let clock: any WallClock
    /// Encoded current-weather answers for the listener's inline path; nil keeps none.
    var replies: ReplyCache? = nil
    /// `subscribe`, `subscriptions` and `unsubscribe`; nil where there are none (`preview`).
    var subscriptions: SubscriptionCommands? = nil

    var notices: NoticeMessages { settings.notices }

    var strings: ReplyStrings { .table(for: settings.language) }

    func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
        if let subscription = SubscriptionCommand(text: payload.text) {
            guard let subscriptions else {
                return CommandReply(notices.notice(SubscriptionStrings.namingSettings(for: settings.language).notConfigured))
            }
            return CommandReply(await subscriptions.respond(to: subscription, from: payload, logger: logger))
        }
        let command = WeatherCommand(text: payload.text)
        let user = payload.userKey
        switch command.action {
        case .help:
            return CommandReply(notices.weatherHelp(subscriptions: payload.platform == .slack))
        case .incompleteSet:
            return CommandReply(
                notices.notice(RichText.fill(strings.setWhat, ["command": .literal(settings.commandNames.weather)])))
        case .invalidPlace(let text):
            return CommandReply(notices.weather(.badPlace(query: text)))
        case .forget:
            return CommandReply(
                await store(logger: logger) { () async throws(PreferencesStoreError) in try await preferences.forget(user) }
                    ?? notices.notice(strings.forgotten))
        case .saveUnits(let units):
            if case .failure(let refusal) = await savePreferences(place: .keep, units: units, for: user, logger: logger) {
                return CommandReply(refusal.message)
            }
            return CommandReply(
                notices.notice(ReplyStrings.fill(strings.savedUnits, ["units": "\(units.rawValue) (\(units.temperatureSymbol))"]))
            )
        case .savePlace(let place):
            return CommandReply(await savePlace(place, for: user, logger: logger))
        case .current(let place), .forecast(let place), .hourly(let place), .air(let place):
            return await lookUp(
                command, text: payload.text, place: place, user: user, subscriptions: payload.platform == .slack, logger: logger)
        }
    }

    /// Runs a preferences change; nil on success, else the message telling the user it failed.
    private func store(logger: Logger, _ change: () async throws(PreferencesStoreError) -> Void) async -> ChatMessage? {
        do {
            try await change()
            return nil
        } catch {
            logger.error("preferences store failed", [("error", error.description)])
            return notices.notice("⚠️ " + strings.stateUnavailable)
        }
    }

    /// `/weather set PLACE`, through the one save path.
    private func savePlace(_ place: PlaceQuery, for user: UserKey, logger: Logger) async -> ChatMessage {
        switch await savePreferences(place: .set(place), units: nil, for: user, logger: logger) {
        case .failure(let refusal):
            return refusal.message
        case .success(let title):
            let values: [String: RichText] = [
                "place": .text(title ?? place.description), "command": .literal(settings.commandNames.weather),
            ]
            return notices.notice(RichText.fill(strings.savedPlace, values))
        }
    }

    /// The answer the asynchronous path stored for this command and this user's saved defaults, if
    /// still valid; nil when there is none (or the preferences cannot be read), and the command takes
    /// the full path. Synchronous: the router calls it on the listener's thread.
    func cachedAnswer(to command: SlashCommandPayload) -> [UInt8]? {
        guard let replies else { return nil }
        let user = command.userKey
        // One reading for both look-ups: the preferences' cache runs on the same clock (TenkiServer+Build).
        let now = clock.now()
        guard let saved = preferences.remembered(for: user, at: now) else { return nil }
        return replies.answer(
            for: ReplyCache.Key(text: command.text, savedPlace: saved.place, savedUnits: saved.units), now: now)
    }

    /// - Parameter subscriptions: whether the help (for a bare command with no place) offers channel subscriptions.
    private func lookUp(
        _ command: WeatherCommand, text: String, place explicit: PlaceQuery?, user: UserKey, subscriptions: Bool, logger: Logger
    ) async -> CommandReply {
        var saved = UserPreferences.empty
        var savedKnown = true
        do {
            saved = try await preferences.preferences(for: user)
        } catch {
            savedKnown = false
            logger.warning("preferences unreadable; using the team's defaults", [("error", error.description)])
        }
        guard
            let place = explicit ?? saved.place.flatMap(PlaceQuery.init(text:))
                ?? settings.defaultCity.flatMap(PlaceQuery.init(text:))
        else {
            return CommandReply(notices.weatherHelp(subscriptions: subscriptions))
        }
        guard let weather else {
            logger.warning("weather requested but \(SettingsTable.name(\.openWeatherAPIKey)) is not set")
            return CommandReply(notices.weather(.notConfigured))
        }
        let units = command.units ?? saved.units ?? settings.units
        let lookup = WeatherLookup(service: weather, settings: settings, clock: clock, logger: logger)
        do {
            switch command.action {
            case .forecast: return CommandReply(try await lookup.forecast(.query(place), units: units))
            case .hourly: return CommandReply(try await lookup.hourly(.query(place), units: units))
            case .air: return CommandReply(try await lookup.air(.query(place), units: units))
            default: break
            }
            let answer = try await lookup.currentAnswer(.query(place), units: units)
            var reply = CommandReply(answer.message)
            // Kept by the edge once it has rendered the answer for Slack (only Slack's are stored).
            if let replies, savedKnown, let until = answer.reusableUntil {
                reply.storable = StorableReply(
                    cache: replies, key: ReplyCache.Key(text: text, savedPlace: saved.place, savedUnits: saved.units),
                    validUntil: until, now: clock.now())
            }
            return reply
        } catch {
            return CommandReply(failure(error, query: place.description, logger: logger))
        }
    }

    private func failure(_ error: OpenWeatherError, query: String, logger: Logger) -> ChatMessage {
        logger.log(
            error.isTemporary ? .warning : .notice, "weather lookup failed",
            [
                ("operation", error.operation.rawValue), ("error", error.description),
                ("status", error.httpStatus.map(String.init) ?? "-"),
            ])
        return notices.weather(Self.problem(for: error, query: query))
    }

    static func problem(for error: OpenWeatherError, query: String) -> NoticeMessages.Problem {
        switch error.kind {
        case .placeNotFound(let query): .placeNotFound(query: query)
        case .badRequest: error.operation == .geocode ? .badPlace(query: query) : .upstreamFailed
        case .invalidKey: .keyRejected
        case .rateLimited: .rateLimited
        case .timedOut: .timedOut
        case .upstream, .connectionFailed, .cancelled, .undecodable, .budgetExhausted: .upstreamFailed
        }
    }
}
