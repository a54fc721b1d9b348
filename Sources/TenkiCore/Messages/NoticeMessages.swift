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

    /// Why a weather lookup gave no answer, in terms a user can act on.
    public enum WeatherProblem: Sendable, Equatable {
        case placeNotFound(query: String)
        case badPlace(query: String)
        case notConfigured
        case keyRejected
        case rateLimited
        case timedOut
        case upstreamFailed
    }

    public func weatherHelp() -> SlackMessage {
        let body = ReplyStrings.fill(strings.weatherHelp, ["command": weatherCommand])
        return SlackMessage(
            text: strings.helpTitle + "\n" + body,
            blocks: [.header(strings.helpTitle), Section.markdown(body)],
            responseType: .ephemeral)
    }

    public func unknownCommand(_ command: String) -> SlackMessage {
        let text = ReplyStrings.fill(strings.unknownCommand, ["command": Mrkdwn.escape(command), "weather": weatherCommand, "news": newsCommand])
        let help = ReplyStrings.fill(strings.weatherHelp, ["command": weatherCommand])
        return SlackMessage(text: text, blocks: [Section.markdown(text), Section.markdown(help)], responseType: .ephemeral)
    }

    public func newsNotReady() -> SlackMessage {
        notice(ReplyStrings.fill(strings.newsNotReady, ["weather": weatherCommand]))
    }

    public func weather(_ problem: WeatherProblem) -> SlackMessage {
        let text: String
        switch problem {
        case .placeNotFound(let query):
            text = ReplyStrings.fill(strings.placeNotFound, ["query": Mrkdwn.escape(query.truncated(to: 100)), "command": weatherCommand])
        case .badPlace(let query):
            text = ReplyStrings.fill(strings.badPlace, ["query": Mrkdwn.escape(query.truncated(to: 100)), "command": weatherCommand])
        case .notConfigured: text = strings.notConfigured
        case .keyRejected: text = strings.keyRejected
        case .rateLimited: text = strings.rateLimited
        case .timedOut: text = strings.timedOut
        case .upstreamFailed: text = strings.upstreamFailed
        }
        return notice("⚠️ " + text)
    }

    private func notice(_ text: String) -> SlackMessage {
        SlackMessage(text: text, blocks: [Section.markdown(text)], responseType: .ephemeral)
    }
}
