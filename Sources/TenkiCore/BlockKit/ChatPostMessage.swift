/// The JSON body of Slack's `chat.postMessage`: a message and the channel it goes to.
/// `response_type` and `replace_original` belong to slash-command answers and are left out.
public struct ChatPostMessage: Sendable, Equatable, Encodable {
    /// A channel id (`C0123ABCD`), as the slash command's `channel_id` names it.
    public var channel: String
    public var message: SlackMessage

    public init(channel: String, message: SlackMessage) {
        self.channel = channel
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case channel, text, blocks
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel, forKey: .channel)
        try container.encode(message.text, forKey: .text)
        if !message.blocks.isEmpty { try container.encode(message.blocks, forKey: .blocks) }
    }
}
