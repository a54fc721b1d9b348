import Foundation
import TenkiCore

extension DigestWebhookFormat {
    /// `message` as this format's webhook body: Block Kit, Mattermost Markdown and attachments,
    /// Discord `content` and embeds (with `allowed_mentions` empty) or a Google Chat card.
    func body(for message: ChatMessage, pretty: Bool = false) -> [UInt8] {
        switch self {
        case .slack: MessageEncoding.json(message.slack, pretty: pretty)
        case .mattermost: MessageEncoding.json(message.mattermost, pretty: pretty)
        case .discord: MessageEncoding.json(message.discordPost, pretty: pretty)
        case .googleChat: MessageEncoding.json(message.googleChat, pretty: pretty)
        }
    }
}
