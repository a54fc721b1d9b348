/// A Discord message body (interaction response data, webhook execution or message edit):
/// `content`, up to 10 `embeds`, `components` (action rows of buttons), `flags` (64: only the
/// caller sees it) and `allowed_mentions` that is always empty, so nothing Tenki writes pings.
public struct DiscordMessage: Sendable, Equatable, Encodable {
    public var content: String?
    public var embeds: [Embed] = []
    public var components: [ActionRow] = []
    public var flags: Int?

    public static let ephemeralFlag = 64

    public struct Embed: Sendable, Equatable, Encodable {
        public var title: String?
        public var description: String?
        public var color: Int?
        public var fields: [Field]
        public var thumbnail: Image?
        /// A picture at the embed's width (the chart).
        public var image: Image? = nil
        public var footer: Footer?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(color, forKey: .color)
            if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
            try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
            try container.encodeIfPresent(image, forKey: .image)
            try container.encodeIfPresent(footer, forKey: .footer)
        }

        enum CodingKeys: String, CodingKey {
            case title, description, color, fields, thumbnail, image, footer
        }

        /// The characters Discord counts towards its 6,000 per message.
        public var countedLength: Int {
            [title, description, footer?.text].reduce(0) { $0 + ($1.map(MarkdownText.length) ?? 0) }
                + fields.reduce(0) { $0 + MarkdownText.length($1.name) + MarkdownText.length($1.value) }
        }
    }

    public struct Field: Sendable, Equatable, Encodable {
        public var name: String
        public var value: String
        public var inline: Bool
    }

    public struct Image: Sendable, Equatable, Encodable {
        public var url: String
    }

    public struct Footer: Sendable, Equatable, Encodable {
        public var text: String
    }

    public struct ActionRow: Sendable, Equatable, Encodable {
        public var components: [Button]

        enum CodingKeys: String, CodingKey {
            case type, components
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .type)
            try container.encode(components, forKey: .components)
        }
    }

    public struct Button: Sendable, Equatable, Encodable {
        public var style: Int
        public var label: String
        public var customID: String

        enum CodingKeys: String, CodingKey {
            case type, style, label
            case customID = "custom_id"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(2, forKey: .type)
            try container.encode(style, forKey: .style)
            try container.encode(label, forKey: .label)
            try container.encode(customID, forKey: .customID)
        }
    }

    enum CodingKeys: String, CodingKey {
        case content, embeds, components, flags
        case allowedMentions = "allowed_mentions"
    }

    private struct NoMentions: Encodable {
        let parse: [String] = []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encode(embeds, forKey: .embeds)
        try container.encode(components, forKey: .components)
        try container.encodeIfPresent(flags, forKey: .flags)
        try container.encode(NoMentions(), forKey: .allowedMentions)
    }
}

/// Discord's published message limits.
public enum DiscordLimits {
    public static let content = 2_000
    public static let embeds = 10
    public static let embedTitle = 256
    public static let embedDescription = 4_096
    public static let fields = 25
    public static let fieldName = 256
    public static let fieldValue = 1_024
    public static let footerText = 2_048
    /// Title, description, field names and values and footers of all embeds together.
    public static let embedCharacters = 6_000
    public static let buttonsPerRow = 5
    public static let actionRows = 5
    public static let buttonLabel = 80
    public static let customID = 100
}
