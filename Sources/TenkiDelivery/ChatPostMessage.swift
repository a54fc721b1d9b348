import TenkiCore

/// The JSON body of Slack's `chat.postMessage`: a message and the channel it goes to.
/// `response_type` and `replace_original` belong to slash-command answers and are left out.
struct ChatPostMessage: Sendable, Equatable, Encodable {
    /// A channel id (`C0123ABCD`), as the slash command's `channel_id` names it.
    var channel: String
    var message: SlackMessage

    enum CodingKeys: String, CodingKey {
        case channel, text, blocks
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel, forKey: .channel)
        try container.encode(message.text, forKey: .text)
        if !message.blocks.isEmpty { try container.encode(message.blocks, forKey: .blocks) }
    }
}
