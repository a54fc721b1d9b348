/// A Slack message: a `text` fallback (notifications, screen readers, old clients) plus Block Kit blocks.
/// Built only through initialisers that apply `SlackLimits`, so an instance is always postable.
public struct SlackMessage: Sendable, Equatable, Codable {
    public enum ResponseType: String, Sendable, Codable {
        /// Everybody in the channel sees it.
        case inChannel = "in_channel"
        /// Only the person who typed the command sees it.
        case ephemeral
    }

    public private(set) var responseType: ResponseType?
    public private(set) var text: String
    public private(set) var blocks: [Block]
    /// For answers through `response_url`: replace the placeholder instead of adding a message.
    public var replaceOriginal: Bool?

    public init(text: String, blocks: [Block] = [], responseType: ResponseType? = nil, replaceOriginal: Bool? = nil) {
        let fallback = text.isEmpty ? " " : text
        self.text = fallback.truncated(to: SlackLimits.messageText)
        self.blocks = Array(blocks.prefix(SlackLimits.blocksPerMessage))
        self.responseType = responseType
        self.replaceOriginal = replaceOriginal
    }

    enum CodingKeys: String, CodingKey {
        case responseType = "response_type"
        case text, blocks
        case replaceOriginal = "replace_original"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            blocks: try container.decodeIfPresent([Block].self, forKey: .blocks) ?? [],
            responseType: try container.decodeIfPresent(ResponseType.self, forKey: .responseType),
            replaceOriginal: try container.decodeIfPresent(Bool.self, forKey: .replaceOriginal)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(responseType, forKey: .responseType)
        try container.encode(text, forKey: .text)
        if !blocks.isEmpty { try container.encode(blocks, forKey: .blocks) }
        try container.encodeIfPresent(replaceOriginal, forKey: .replaceOriginal)
    }
}
