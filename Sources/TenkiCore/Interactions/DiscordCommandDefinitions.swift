/// Tenki's Discord application commands, as `tenki discord register` sends them to
/// `PUT /applications/{id}/commands` (which replaces the whole set, so registering twice is
/// harmless): `weather` with a `place` and a `view`, and `news` with a `query`, named and
/// described in English with Japanese localisations. The option names are what
/// `DiscordInteraction.slashCommand` reads, whatever language the user's client shows.
public struct DiscordCommandDefinition: Sendable, Equatable, Encodable {
    public var name: String
    public var description: String
    public var options: [Option]
    /// 1: a slash command.
    public var type = 1
    public var nameLocalizations: [String: String]
    public var descriptionLocalizations: [String: String]

    public struct Option: Sendable, Equatable, Encodable {
        public var name: String
        public var description: String
        public var required: Bool
        /// 3: a string.
        public var type = 3
        public var nameLocalizations: [String: String]
        public var descriptionLocalizations: [String: String]
        public var choices: [Choice]?

        enum CodingKeys: String, CodingKey {
            case name, description, required, type, choices
            case nameLocalizations = "name_localizations"
            case descriptionLocalizations = "description_localizations"
        }
    }

    public struct Choice: Sendable, Equatable, Encodable {
        public var name: String
        public var value: String
        public var nameLocalizations: [String: String]

        enum CodingKeys: String, CodingKey {
            case name, value
            case nameLocalizations = "name_localizations"
        }
    }

    enum CodingKeys: String, CodingKey {
        case name, description, options, type
        case nameLocalizations = "name_localizations"
        case descriptionLocalizations = "description_localizations"
    }

    /// `weather` and `news`, in that order.
    public static let all: [DiscordCommandDefinition] = [weather, news]

    static let weather = DiscordCommandDefinition(
        name: "weather", description: "Current weather, hourly, 5-day forecast or air quality for a place",
        options: [
            Option(
                name: "place", description: "A city, e.g. Danang or 東京", required: false,
                nameLocalizations: ["ja": "場所"], descriptionLocalizations: ["ja": "都市名（例: ダナン、東京）"]),
            Option(
                name: "view", description: "What to show (default: now)", required: false,
                nameLocalizations: ["ja": "表示"], descriptionLocalizations: ["ja": "表示する内容（既定: 現在）"],
                choices: [
                    Choice(name: "now", value: "now", nameLocalizations: ["ja": "現在"]),
                    Choice(name: "hourly", value: "hourly", nameLocalizations: ["ja": "1時間ごと"]),
                    Choice(name: "5-day forecast", value: "forecast", nameLocalizations: ["ja": "5日間予報"]),
                    Choice(name: "air quality", value: "air", nameLocalizations: ["ja": "大気質"]),
                ]),
        ],
        nameLocalizations: ["ja": "天気"], descriptionLocalizations: ["ja": "現在の天気、1時間ごと、5日間予報、大気質"])

    static let news = DiscordCommandDefinition(
        name: "news", description: "Headlines, or headlines about a topic",
        options: [
            Option(
                name: "query", description: "A topic, e.g. Vietnam", required: false,
                nameLocalizations: ["ja": "話題"], descriptionLocalizations: ["ja": "話題（例: ベトナム）"]),
        ],
        nameLocalizations: ["ja": "ニュース"], descriptionLocalizations: ["ja": "ヘッドライン、または話題のヘッドライン"])
}
