import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// Routes a verified slash command to its handler by the `command` field (`/weather`, `/news`, or
/// the names a workspace renamed them to). A command Tenki does not know gets help, never an error.
public struct TenkiCommands: SlashCommandResponder, AnswersInEveryLanguage {
    let weather: WeatherCommandHandler
    let news: NewsCommandHandler
    let settings: Settings
    let rateLimiter: UserRateLimiter
    /// These commands in each other language, built once by the composition root (`withLanguages`):
    /// a request in another language (a Discord user's locale) is answered by its copy.
    var inOtherLanguages: [WeatherLanguage: TenkiCommands] = [:]

    /// A stored answer to a `/weather` lookup (see `ReplyCache`), counted against the user's rate
    /// limit like any command. Nil when there is none or the user is over the limit: the full path
    /// then answers (and says "slow down").
    /// Stored answers are Slack JSON: a command from another platform never gets one.
    public func cachedAnswer(to command: SlashCommandPayload) -> [UInt8]? {
        guard command.platform == .slack, command.command.equalsIgnoringASCIICase(settings.commandNames.weather),
            let body = weather.cachedAnswer(to: command)
        else { return nil }
        let user = command.userKey
        return rateLimiter.allow(user) ? body : nil
    }

    public func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
        if let language = payload.language, language != settings.language, let other = inOtherLanguages[language] {
            var payload = payload
            payload.language = nil
            return await other.respond(to: payload, logger: logger)
        }
        let notices = weather.notices
        let user = payload.userKey
        guard await rateLimiter.allowCommand(user) else {
            logger.notice("user rate limit reached", [("user", payload.userID)])
            return CommandReply(notices.notice(ReplyStrings.table(for: settings.language).slowDown))
        }
        switch payload.command.lowercased() {
        case settings.commandNames.weather:
            return await weather.respond(to: payload, logger: logger)
        case settings.commandNames.news:
            return CommandReply(await news.respond(to: payload, logger: logger))
        default:
            logger.notice("unknown command", [("command", payload.command)])
            return CommandReply(notices.unknownCommand(payload.command))
        }
    }

    /// The same commands, never refused by the rate limit (in any language): for a command taken
    /// over from a dead process, which was counted when it arrived.
    func withoutRateLimit(clock: any WallClock) -> TenkiCommands {
        TenkiCommands(weather: weather, news: news, settings: settings, rateLimiter: UserRateLimiter(perMinute: 0, clock: clock))
            .withLanguages()
    }

    /// The same commands answered in `language`. Its weather answers are not stored for the
    /// listener: those are in the deployment's language.
    func speaking(_ language: WeatherLanguage) -> TenkiCommands {
        var settings = settings
        settings.language = language
        let weather = WeatherCommandHandler(
            weather: weather.weather, preferences: weather.preferences, settings: settings, clock: weather.clock, replies: nil,
            subscriptions: nil)
        return TenkiCommands(weather: weather, news: news.inLanguage(language), settings: settings, rateLimiter: rateLimiter)
    }
}
