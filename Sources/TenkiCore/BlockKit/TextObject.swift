/// Text in a block: `plain_text` (shown as is) or `mrkdwn` (Slack's markup, where outside text
/// must be escaped with `Mrkdwn.escape`).
public struct TextObject: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case plainText = "plain_text"
        case markdown = "mrkdwn"
    }

    public private(set) var kind: Kind
    public private(set) var text: String
    /// For plain text: let Slack turn `:sunny:`-style codes into emoji.
    public private(set) var emoji: Bool?

    public static func plain(_ text: String, limit: Int = SlackLimits.sectionText) -> TextObject {
        TextObject(kind: .plainText, text: text.isEmpty ? " " : text.truncated(to: limit), emoji: true)
    }

    public static func markdown(_ text: String, limit: Int = SlackLimits.sectionText) -> TextObject {
        TextObject(kind: .markdown, text: text.isEmpty ? " " : text.truncated(to: limit), emoji: nil)
    }

    func limited(to limit: Int) -> TextObject {
        TextObject(kind: kind, text: text.truncated(to: limit), emoji: emoji)
    }

    enum CodingKeys: String, CodingKey {
        case kind = "type"
        case text, emoji
    }
}

/// An image shown beside a section or in a context line. Slack rejects the whole message when an
/// image URL is not https or too long, so such an image is dropped by `init?`.
public struct ImageElement: Sendable, Equatable, Codable {
    /// Block Kit's element type, encoded with the rest (a decoded one is kept as sent).
    private(set) var type = "image"
    public private(set) var imageURL: String
    public private(set) var altText: String

    public init?(url: String, altText: String) {
        guard url.hasPrefix("https://"), url.unicodeScalars.count <= SlackLimits.imageURL,
              !url.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { return nil }
        self.imageURL = url
        self.altText = (altText.isEmpty ? "image" : altText).truncated(to: SlackLimits.altText)
    }

    enum CodingKeys: String, CodingKey {
        case type
        case imageURL = "image_url"
        case altText = "alt_text"
    }
}

/// One element of a context line: small text or a small image.
public enum ContextElement: Sendable, Equatable, Codable {
    case text(TextObject)
    case image(ImageElement)

    public static func markdown(_ text: String) -> ContextElement {
        .text(.markdown(text, limit: SlackLimits.contextText))
    }

    public init(from decoder: any Decoder) throws {
        if let image = try? ImageElement(from: decoder) {
            self = .image(image)
        } else {
            self = .text(try TextObject(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text): try text.encode(to: encoder)
        case .image(let image): try image.encode(to: encoder)
        }
    }
}
