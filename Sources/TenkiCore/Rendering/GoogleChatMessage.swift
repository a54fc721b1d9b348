/// A Google Chat message as an incoming webhook takes it: a `text` line (Chat's own markup) and one
/// card in `cardsV2` (a header and sections of widgets). Webhooks cannot be interactive, so a card
/// holds no buttons that call Tenki back; links are inline (`<a href>`).
public struct GoogleChatMessage: Sendable, Equatable, Encodable {
    public var text: String
    public var card: Card

    public struct Card: Sendable, Equatable, Encodable {
        public var header: Header?
        public var sections: [Section]

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(header, forKey: .header)
            try container.encode(sections, forKey: .sections)
        }

        enum CodingKeys: String, CodingKey {
            case header, sections
        }

        /// Widgets in all sections: Google Chat ignores those past `GoogleChatLimits.widgetsPerCard`.
        public var widgetCount: Int { sections.reduce(0) { $0 + $1.widgets.count } }
    }

    public struct Header: Sendable, Equatable, Encodable {
        public var title: String
        public var subtitle: String?
    }

    public struct Section: Sendable, Equatable, Encodable {
        public var widgets: [Widget]
    }

    /// The widgets Tenki uses. Text in `textParagraph` and `decoratedText` is Google Chat's HTML
    /// subset (`<b>`, `<a href>`, `<br>`), written by `GoogleChatText`.
    public enum Widget: Sendable, Equatable, Encodable {
        case textParagraph(String)
        /// A value under a small label: a field.
        case decoratedText(topLabel: String, text: String)
        case image(url: String, altText: String)

        enum CodingKeys: String, CodingKey {
            case textParagraph, decoratedText, image
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .textParagraph(let text):
                try container.encode(["text": text], forKey: .textParagraph)
            case .decoratedText(let topLabel, let text):
                try container.encode(["topLabel": topLabel, "text": text], forKey: .decoratedText)
            case .image(let url, let altText):
                try container.encode(["imageUrl": url, "altText": altText], forKey: .image)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case text, cardsV2
    }

    private struct CardWithID: Encodable {
        let cardId = "tenki"
        let card: Card
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode([CardWithID(card: card)], forKey: .cardsV2)
    }
}

/// Google Chat's published limits, as Tenki enforces them:
/// - a message's `text` holds at most 4,096 characters (the API's 400 "Maximum length of the field
///   is 4096", reported in googleworkspace/hubot-google-hangouts-chat#12 and mr-karan/calert#11);
/// - a message, text and cards together, is at most 32,000 bytes (spaces.messages.create,
///   developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages/create);
/// - a card shows at most 100 widgets and ignores the rest (Card reference,
///   developers.google.com/workspace/chat/api/reference/rest/v1/cards).
public enum GoogleChatLimits {
    public static let text = 4_096
    public static let messageBytes = 32_000
    public static let widgetsPerCard = 100
    /// Tenki's own cut, not Google's, for one-line texts (the header, field labels, alt text).
    public static let lineCharacters = 200
}
