/// A Mattermost post or slash-command reply: Markdown `text`, plus Slack-style `attachments`
/// where they read better (fields side by side, a thumbnail, a colour bar). Never Block Kit.
public struct MattermostMessage: Sendable, Equatable, Encodable {
    public var responseType: String?
    public var text: String
    public var attachments: [Attachment]

    public struct Attachment: Sendable, Equatable, Encodable {
        public var fallback: String
        public var color: String?
        public var fields: [Field]
        public var thumbURL: String?
        /// A picture under the attachment (the chart), at the post's width.
        public var imageURL: String? = nil

        enum CodingKeys: String, CodingKey {
            case fallback, color, fields
            case thumbURL = "thumb_url"
            case imageURL = "image_url"
        }
    }

    public struct Field: Sendable, Equatable, Encodable {
        public var title: String
        public var value: String
        public var short: Bool
    }

    enum CodingKeys: String, CodingKey {
        case responseType = "response_type"
        case text, attachments
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(responseType, forKey: .responseType)
        try container.encode(text, forKey: .text)
        if !attachments.isEmpty { try container.encode(attachments, forKey: .attachments) }
    }

    /// Characters the post holds in all: its text and every attachment string Mattermost shows.
    public var totalLength: Int {
        MarkdownText.length(text) + attachments.reduce(0) { sum, attachment in
            sum + MarkdownText.length(attachment.fallback) + attachment.fields.reduce(0) {
                $0 + MarkdownText.length($1.title) + MarkdownText.length($1.value)
            }
        }
    }
}

/// Mattermost's limit: a post holds at most 16,383 characters.
public enum MattermostLimits {
    public static let postCharacters = 16_383
    /// Fields beyond this are left out: a reply is a glance.
    public static let fields = 20
    public static let fieldTitle = 256
    public static let fieldValue = 1_024
}
