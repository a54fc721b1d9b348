import Foundation

/// Help and error replies. Always ephemeral: only the person who typed the command sees them,
/// so a typo never spams the channel.
public struct NoticeMessages: Sendable {
    public var strings: ReplyStrings
    public var weatherCommand: String
    public var newsCommand: String

    public init(language: WeatherLanguage, weatherCommand: String = "/weather", newsCommand: String = "/news") {
        self.strings = .table(for: language)
        self.weatherCommand = weatherCommand
        self.newsCommand = newsCommand
    }

    /// The provider behind a command, named in its error messages.
    public enum Service: Sendable, Equatable {
        case weather, news
    }

    /// Why a lookup gave no answer, in terms a user can act on.
    public enum Problem: Sendable, Equatable {
        case placeNotFound(query: String)
        case badPlace(query: String)
        case notConfigured
        case keyRejected
        case rateLimited
        /// Tenki's own daily allowance of the provider is spent for commands until it resets.
        case allowanceSpent(resetsIn: TimeInterval)
        /// This user's share (`allowance` lookups) of the daily allowance is spent until it resets.
        case allowanceShareSpent(allowance: Int, resetsIn: TimeInterval)
        case timedOut
        case upstreamFailed
    }

    public func weatherHelp() -> SlackMessage {
        help(ReplyStrings.fill(strings.weatherHelp, ["command": weatherCommand]))
    }

    public func newsHelp() -> SlackMessage {
        help(ReplyStrings.fill(strings.newsHelp, ["command": newsCommand]))
    }

    public func unknownCommand(_ command: String) -> SlackMessage {
        let text = ReplyStrings.fill(strings.unknownCommand, ["command": Mrkdwn.escape(command), "weather": weatherCommand, "news": newsCommand])
        let weather = ReplyStrings.fill(strings.weatherHelp, ["command": weatherCommand])
        let news = ReplyStrings.fill(strings.newsHelp, ["command": newsCommand])
        return SlackMessage(
            text: Self.fallback(text),
            blocks: [Section.markdown(text), .divider, Section.markdown(weather), Section.markdown(news)],
            responseType: .ephemeral)
    }

    public func weather(_ problem: Problem) -> SlackMessage {
        failure(problem, service: .weather)
    }

    public func failure(_ problem: Problem, service: Service) -> SlackMessage {
        let serviceName = service == .weather ? strings.weatherServiceName : strings.newsServiceName
        let names = [
            "service": serviceName, "Service": capitalised(serviceName),
            "provider": service == .weather ? "OpenWeatherMap" : "NewsAPI", "command": weatherCommand,
        ]
        let text: String
        switch problem {
        case .placeNotFound(let query):
            text = ReplyStrings.fill(strings.placeNotFound, ["query": Mrkdwn.escape(query.truncated(to: 100)), "command": weatherCommand])
        case .badPlace(let query):
            text = ReplyStrings.fill(strings.badPlace, ["query": Mrkdwn.escape(query.truncated(to: 100)), "command": weatherCommand])
        case .notConfigured: text = ReplyStrings.fill(strings.notConfigured, names)
        case .keyRejected: text = ReplyStrings.fill(strings.keyRejected, names)
        case .rateLimited: text = ReplyStrings.fill(strings.rateLimited, names)
        case .allowanceSpent(let resetsIn):
            text = ReplyStrings.fill(strings.allowanceSpent, names.merging(["wait": strings.wait(resetsIn)]) { $1 })
        case .allowanceShareSpent(let allowance, let resetsIn):
            text = ReplyStrings.fill(
                strings.allowanceShareSpent, names.merging(["wait": strings.wait(resetsIn), "count": String(allowance)]) { $1 })
        case .timedOut: text = ReplyStrings.fill(strings.timedOut, names)
        case .upstreamFailed: text = ReplyStrings.fill(strings.upstreamFailed, names)
        }
        return notice("⚠️ " + text)
    }

    /// A plain ephemeral line (confirmations of `set`, rate-limit notes). `text` is mrkdwn whose
    /// outside words the caller has escaped; the fallback is the same text cut to a line.
    public func notice(_ text: String) -> SlackMessage {
        SlackMessage(text: Self.fallback(text), blocks: [Section.markdown(text)], responseType: .ephemeral)
    }

    /// Help's notification line is its title; the help itself is in the blocks.
    private func help(_ body: String) -> SlackMessage {
        SlackMessage(
            text: strings.helpTitle, blocks: [.header(strings.helpTitle), Section.markdown(body)], responseType: .ephemeral)
    }

    /// Already-escaped mrkdwn as a notification line: its first line, cut to `Mrkdwn.fallbackLimit`
    /// (never inside an escape or a link).
    static func fallback(_ mrkdwn: String) -> String {
        let firstLine = mrkdwn.prefix { !$0.isNewline }
        return String(firstLine).truncated(to: Mrkdwn.fallbackLimit)
    }

    private func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
