import TenkiCore

/// The one renderer per platform, applied once per answer at the edge: to the HTTP response of an
/// answer in time, or to the body of a late one. Injected through `ServerDependencies`, so a test
/// can count which platform's renderer ran (a Discord answer never goes through Block Kit).
public struct PlatformRenderers: Sendable {
    public var slack: @Sendable (ChatMessage) -> SlackMessage
    public var mattermost: @Sendable (ChatMessage) -> MattermostMessage
    public var discord: @Sendable (ChatMessage) -> DiscordMessage

    public init(
        slack: @escaping @Sendable (ChatMessage) -> SlackMessage = { SlackRenderer.render($0) },
        mattermost: @escaping @Sendable (ChatMessage) -> MattermostMessage = { MattermostRenderer.render($0) },
        discord: @escaping @Sendable (ChatMessage) -> DiscordMessage = { DiscordRenderer.render($0) }
    ) {
        self.slack = slack
        self.mattermost = mattermost
        self.discord = discord
    }

    public static let standard = PlatformRenderers()

    /// A command's answer as the body its platform takes: Slack's and Mattermost's message, or
    /// Discord's interaction response (type 4). A Slack answer that may be stored is stored here,
    /// as the bytes that went out.
    func body(of reply: CommandReply, for platform: ChatPlatform) -> [UInt8] {
        switch platform {
        case .slack:
            let body = MessageEncoding.json(slack(reply.chat))
            if let storable = reply.storable {
                storable.cache.store(body, for: storable.key, validUntil: storable.validUntil, now: storable.now)
            }
            return body
        case .mattermost: return MessageEncoding.json(mattermost(reply.chat))
        case .discord: return MessageEncoding.json(DiscordInteractionResponse.message(discord(reply.chat)))
        }
    }

    /// A late command answer as posted to Slack's or Mattermost's `response_url`, or as the edit of
    /// Discord's "thinking" message.
    func lateBody(of reply: CommandReply, for platform: ChatPlatform) -> [UInt8] {
        switch platform {
        case .slack:
            var message = slack(reply.chat)
            // An ephemeral answer replaces the ephemeral placeholder; a public one is a new message.
            message.replaceOriginal = message.responseType == .ephemeral ? true : nil
            return MessageEncoding.json(message)
        case .mattermost:
            // Tenki does not replace the placeholder on Mattermost: the answer follows it as its own post.
            return MessageEncoding.json(mattermost(reply.chat))
        case .discord:
            return MessageEncoding.json(discord(reply.chat))
        }
    }

    /// A press's answer as Slack's `response_url` body: `replace_original` says which of the three it is.
    func slackBody(of answer: PressAnswer) -> [UInt8] {
        var message: SlackMessage
        switch answer {
        case .replace(let chat):
            message = slack(chat)
            message.replaceOriginal = true
        case .note(let text):
            // The note is Slack's own text (mrkdwn), as the string tables write it.
            message = slack(ChatMessage(summary: .markup(text), visibility: .ephemeral))
            message.replaceOriginal = false
        case .share(let chat):
            message = slack(chat)
            message.replaceOriginal = false
        }
        return MessageEncoding.json(message)
    }

    /// A press's answer as Discord's interaction response: the message updated in place (type 7),
    /// or a new message (type 4), private for a note.
    func discordResponse(to answer: PressAnswer) -> DiscordInteractionResponse {
        switch answer {
        case .replace(let chat): .update(discord(chat))
        case .note(let text): .message(discord(ChatMessage(summary: .text(text), visibility: .ephemeral)))
        case .share(let chat): .message(discord(chat))
        }
    }

    /// A late press answer on Discord: the edit of `@original` (flags cleared) or a follow-up.
    func discordLateBody(of answer: PressAnswer) -> [UInt8] {
        switch answer {
        case .replace(let chat):
            var message = discord(chat)
            message.flags = nil
            return MessageEncoding.json(message)
        case .note(let text): return MessageEncoding.json(discord(ChatMessage(summary: .text(text), visibility: .ephemeral)))
        case .share(let chat): return MessageEncoding.json(discord(chat))
        }
    }
}
