import Foundation
import TenkiCore
import TenkiDelivery
import TenkiLogging
import TenkiProviders
import TenkiStorage

/// Answers presses on Tenki's buttons, on any platform: the weather view a button asks for, of
/// the place its value carries, or the next page of headlines (`PressAnswer`). When and where the
/// answer goes is the dispatcher's (`InboundDispatcher`); how it looks, the edge's.
///
/// A value that does not decode is untrusted input gone wrong: no upstream is asked, and the
/// presser gets a short private note instead of a changed message.
struct ButtonPresses: Sendable {
    let weather: WeatherService?
    let news: NewsCommandHandler
    let settings: Settings
    let clock: any WallClock
    /// Its backlog counts against `inbound`.
    let queue: DeliveryQueue
    let rateLimiter: UserRateLimiter
    /// The bound on presses (and commands) in flight.
    var inbound = InboundLimit.unbounded

    /// A place for a press in `inbound`, where the answers waiting in the outbox count too; nil,
    /// logged, when it is full.
    func admit(logger: Logger) -> InboundTicket? {
        guard let ticket = inbound.admit(.press, queued: queue.backlog) else {
            logger.debug("press refused: busy")  // counted in the metric; a line each would amplify a flood
            return nil
        }
        return ticket
    }

    /// The private note a refused press gets.
    var busyNote: String { ReplyStrings.table(for: settings.language).busy }

    /// Whether `actionID` is one of Tenki's buttons (logged when not).
    func isTenkis(_ actionID: String, logger: Logger) -> Bool {
        guard WeatherAction(actionID: actionID) != nil || actionID == NewsButtonValue.actionID else {
            logger.notice("unknown action", [("action_id", String(actionID.prefix(80)))])
            return false
        }
        return true
    }

    /// The answer to a press on one of Tenki's buttons (see `isTenkis`), on any platform.
    /// `fromEphemeral`: whether the pressed message is private to the presser (only such a
    /// message is shared). Every press counts against the presser's rate limit, as a command does:
    /// a forged press with new coordinates would otherwise cost an upstream call each time.
    func answer(
        _ actionID: String, value: String?, user: UserKey, fromEphemeral: Bool, logger: Logger
    ) async -> PressAnswer {
        guard let press = WeatherAction(actionID: actionID) else {
            guard await rateLimiter.allowCommand(user) else { return slowDown(user, language: settings.language, logger: logger) }
            return await moreNews(value, user: user, logger: logger)
        }
        if press == .share, NewsButtonValue.isNews(value) {
            return await shareNews(value, user: user, fromEphemeral: fromEphemeral, logger: logger)
        }
        return await answer(press, value: value, user: user, fromEphemeral: fromEphemeral, logger: logger)
    }

    /// The private note for a press beyond the presser's rate limit.
    func slowDown(_ user: UserKey, language: WeatherLanguage, logger: Logger) -> PressAnswer {
        logger.notice("user rate limit reached", [("user", user.user)])
        return .note(ReplyStrings.table(for: language).slowDown)
    }

    /// Refresh asks the upstream anew only for an answer older than this: pressing it twice in a
    /// row costs one call, not two.
    static let refreshAge: TimeInterval = 60

    /// Slack's body that deletes the pressed (private) message, once its shared copy is delivered.
    static let deleteOriginal = Array(#"{"delete_original":true}"#.utf8)

    /// The private note that answers a press whose button Tenki cannot use (a stale or foreign
    /// value), pointing at the command that makes a fresh message.
    func unusableButton(command: String, language: WeatherLanguage? = nil) -> PressAnswer {
        let unusable = ButtonStrings.table(for: language ?? settings.language).unusableButton
        return .note(ReplyStrings.fill(unusable, ["command": command]))
    }

    /// A button's value as `read` decodes it; nil, logged, when it is unusable.
    func buttonValue<Value>(_ encoded: String?, logger: Logger, read: (String) throws -> Value) -> Value? {
        do {
            return try read(encoded ?? "")
        } catch {
            logger.notice("unusable button value", [("reason", "\(error)")])
            return nil
        }
    }
}

extension ButtonPresses {
    /// The next page of headlines the value names, in place of the pressed message.
    func moreNews(_ encoded: String?, user: UserKey, logger: Logger) async -> PressAnswer {
        guard let value = buttonValue(encoded, logger: logger, read: NewsButtonValue.init(encoded:)) else {
            return unusableButton(command: settings.commandNames.news)
        }
        guard news.isConfigured else {
            return .note(FeedReplyStrings.namingSettings(for: settings.language).notConfigured)
        }
        return .replace(await news.inLanguage(value.language).page(value.page, of: value.text, user: user, logger: logger))
    }

    /// The page of headlines a private result showed, posted in the channel (the private copy is then
    /// deleted, as a shared weather result's is).
    func shareNews(_ encoded: String?, user: UserKey, fromEphemeral: Bool, logger: Logger) async -> PressAnswer {
        guard let value = buttonValue(encoded, logger: logger, read: NewsButtonValue.init(encoded:)) else {
            return unusableButton(command: settings.commandNames.news)
        }
        // Only a private message is shared (see the weather share).
        guard fromEphemeral else { return .note(ButtonStrings.table(for: value.language).alreadyInChannel) }
        guard news.isConfigured else {
            return .note(FeedReplyStrings.namingSettings(for: settings.language).notConfigured)
        }
        guard await rateLimiter.allowCommand(user) else { return slowDown(user, language: value.language, logger: logger) }
        let shared = news.inLanguage(value.language).showing(.inChannel)
        return .share(await shared.page(value.page, of: value.text, user: user, logger: logger))
    }
}
