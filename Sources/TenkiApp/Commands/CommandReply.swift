import TenkiCore

/// A reply to a command with its Slack JSON, encoded once: the bytes that go back to Slack are the
/// bytes a stored answer keeps (`ReplyCache`). It keeps the platform-neutral `ChatMessage` too, so
/// a command from another platform is answered in that platform's format (`json(for:)`).
public struct CommandReply: Sendable {
    public let message: SlackMessage
    public let json: [UInt8]
    /// The message before rendering; nil for a reply built as Slack JSON only.
    public let chat: ChatMessage?
    /// Set on Discord's answer that is not ready yet (type 5, "thinking"): who sees it until the
    /// PATCH of `@original` replaces it.
    public private(set) var deferred: ChatMessage.Visibility?

    /// Discord's deferred answer (see `deferred`); other platforms never get it.
    static func deferred(visibility: ChatMessage.Visibility) -> CommandReply {
        var reply = CommandReply(SlackMessage(text: "…", responseType: .ephemeral))
        reply.deferred = visibility
        return reply
    }

    /// Renders `message` as Block Kit and encodes it, keeping `message` for other platforms.
    public init(_ message: ChatMessage) {
        self.init(message.slack, chat: message)
    }

    /// Encodes `message`; `chat` is the same reply for other platforms, if there is one.
    public init(_ message: SlackMessage, chat: ChatMessage? = nil) {
        self.init(message, json: MessageEncoding.json(message), chat: chat)
    }

    /// A message whose JSON is already at hand (`json` must be `message` encoded).
    init(_ message: SlackMessage, json: [UInt8], chat: ChatMessage? = nil) {
        self.message = message
        self.json = json
        self.chat = chat
    }

    /// The reply as a Mattermost post: the `ChatMessage` rendered, or for a Slack-only reply its
    /// text as plain words (never Block Kit).
    public var mattermost: MattermostMessage {
        (chat ?? ChatMessage(summary: .text(message.text), visibility: message.responseType.map(\.visibility))).mattermost
    }

    /// The reply as a Discord message: the `ChatMessage` rendered with its buttons as components,
    /// or for a Slack-only reply its text.
    public var discord: DiscordMessage {
        (chat ?? ChatMessage(summary: .text(message.text), visibility: message.responseType.map(\.visibility))).discord
    }

    /// The JSON body for a command from `platform` (Slack: exactly `json`).
    public func json(for platform: ChatPlatform) -> [UInt8] {
        switch platform {
        case .slack: json
        case .mattermost: MessageEncoding.json(mattermost)
        case .discord:
            MessageEncoding.json(
                deferred.map { DiscordInteractionResponse.deferredMessage(ephemeral: $0 == .ephemeral) }
                    ?? .message(discord))
        }
    }
}

extension SlackMessage.ResponseType {
    /// The same visibility in the platform-neutral model.
    var visibility: ChatMessage.Visibility {
        switch self {
        case .inChannel: .inChannel
        case .ephemeral: .ephemeral
        }
    }
}
