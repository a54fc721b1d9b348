import TenkiCore

/// What a button press leads to, before it is rendered for the platform it came from.
enum PressAnswer: Sendable {
    /// The pressed message, changed in place: another view, units, page.
    case replace(ChatMessage)
    /// A private note beside the pressed message, which stays as it was (an unusable value, a
    /// rate limit, news not configured).
    case note(String)
    /// A new message in the channel (📣 Share), beside the private one.
    case share(ChatMessage)

    /// Slack's `response_url` body: `replace_original` says which of the three it is.
    var slack: SlackMessage {
        switch self {
        case .replace(let chat):
            var message = chat.slack
            message.replaceOriginal = true
            return message
        case .note(let text):
            var message = SlackMessage(text: text, responseType: .ephemeral)
            message.replaceOriginal = false
            return message
        case .share(let chat):
            var message = chat.slack
            message.replaceOriginal = false
            return message
        }
    }

    /// Discord's interaction response: the message updated in place (type 7), or a new message
    /// (type 4), private for a note.
    var discord: DiscordInteractionResponse {
        switch self {
        case .replace(let chat): .update(chat.discord)
        case .note(let text): .message(ChatMessage(summary: .text(text), visibility: .ephemeral).discord)
        case .share(let chat): .message(chat.discord)
        }
    }
}
