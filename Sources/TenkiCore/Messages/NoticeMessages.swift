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

    /// - Parameter subscriptions: whether channel subscriptions exist where the help is shown (Slack).
    public func weatherHelp(subscriptions: Bool = true) -> ChatMessage {
        var lines = strings.weatherHelp.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Before the last line, which names the help itself.
        if subscriptions { lines.insert(strings.weatherHelpSubscriptions, at: max(lines.count - 1, 0)) }
        return help(RichText.fill(lines.joined(separator: "\n"), ["command": .literal(weatherCommand)]))
    }

    public func newsHelp() -> ChatMessage {
        help(RichText.fill(strings.newsHelp, ["command": .literal(newsCommand)]), title: strings.newsHelpTitle)
    }

    public func unknownCommand(_ command: String) -> ChatMessage {
        let text = RichText.fill(strings.unknownCommand, [
            "command": .text(command), "weather": .literal(weatherCommand), "news": .literal(newsCommand),
        ])
        let weather = RichText.fill(strings.weatherHelp, ["command": .literal(weatherCommand)])
        let news = RichText.fill(strings.newsHelp, ["command": .literal(newsCommand)])
        return ChatMessage(
            summary: text,
            parts: [.paragraph(text, image: nil), .divider, .paragraph(weather, image: nil), .paragraph(news, image: nil)],
            visibility: .ephemeral)
    }

    public func weather(_ problem: Problem) -> ChatMessage {
        failure(problem, service: .weather)
    }

    public func failure(_ problem: Problem, service: Service) -> ChatMessage {
        let serviceName = service == .weather ? strings.weatherServiceName : strings.newsServiceName
        let names: [String: RichText] = [
            "service": .markup(serviceName), "Service": .markup(capitalised(serviceName)),
            "provider": .markup(service == .weather ? "OpenWeatherMap" : "NewsAPI"), "command": .literal(weatherCommand),
        ]
        let text: RichText
        switch problem {
        case .placeNotFound(let query):
            text = RichText.fill(strings.placeNotFound, ["query": .text(query.truncated(to: 100)), "command": .literal(weatherCommand)])
        case .badPlace(let query):
            text = RichText.fill(strings.badPlace, ["query": .text(query.truncated(to: 100)), "command": .literal(weatherCommand)])
        case .notConfigured: text = RichText.fill(strings.notConfigured, names)
        case .keyRejected: text = RichText.fill(strings.keyRejected, names)
        case .rateLimited: text = RichText.fill(strings.rateLimited, names)
        case .allowanceSpent(let resetsIn):
            text = RichText.fill(strings.allowanceSpent, names.merging(["wait": .markup(strings.wait(resetsIn))]) { $1 })
        case .allowanceShareSpent(let allowance, let resetsIn):
            text = RichText.fill(
                strings.allowanceShareSpent,
                names.merging(["wait": .markup(strings.wait(resetsIn)), "lookups": .markup(strings.lookups(allowance))]) { $1 })
        case .timedOut: text = RichText.fill(strings.timedOut, names)
        case .upstreamFailed: text = RichText.fill(strings.upstreamFailed, names)
        }
        return notice(.markup("⚠️ ") + text)
    }

    /// A plain ephemeral paragraph (confirmations of `set`, rate-limit notes); its first line
    /// is the notification line.
    public func notice(_ text: RichText) -> ChatMessage {
        ChatMessage(summary: text, parts: [.paragraph(text, image: nil)], visibility: .ephemeral)
    }

    /// A notice of Tenki's own words (a string-table entry without placeholders).
    public func notice(_ markup: String) -> ChatMessage {
        notice(.markup(markup))
    }

    /// Help's notification line is its title; the help itself is in the paragraph.
    private func help(_ body: RichText, title: String? = nil) -> ChatMessage {
        let title = title ?? strings.helpTitle
        return ChatMessage(summary: .markup(title), parts: [.title(title), .paragraph(body, image: nil)], visibility: .ephemeral)
    }

    private func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
