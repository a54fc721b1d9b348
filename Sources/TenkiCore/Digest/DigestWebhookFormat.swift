import Foundation

/// What a digest's webhook takes: Slack's Block Kit (also right for Zulip's Slack-compatible
/// webhook), Mattermost's Markdown and attachments, Discord's `content` and `embeds`, or Google
/// Chat's `text` and `cardsV2`. Set per digest (`format`, `DIGEST_WEBHOOK_FORMAT`); without one it
/// is chosen from the URL's host (`detect`).
public enum DigestWebhookFormat: String, Sendable, Equatable, CaseIterable {
    case slack
    case mattermost
    case discord
    case googleChat = "google-chat"

    /// The format a webhook URL calls for, by its host: `discord.com` and `discordapp.com` (with
    /// their `ptb.` and `canary.` hosts) are `discord`, `chat.googleapis.com` is `google-chat`,
    /// anything else `slack`. A Mattermost server has a host of its own, so `mattermost` is never
    /// guessed: it is set.
    public static func detect(from url: URL) -> DigestWebhookFormat {
        let host = (url.host ?? "").lowercased()
        if host == "chat.googleapis.com" { return .googleChat }
        if ["discord.com", "discordapp.com"].contains(where: { host == $0 || host.hasSuffix("." + $0) }) { return .discord }
        return .slack
    }

    /// Where to post: Discord's webhooks get `wait=true` (Discord answers once the message is
    /// saved, with its id, so a failure shows as one), keeping every other query item
    /// (`thread_id`); other formats post to the URL as it is.
    public func destination(for url: URL) -> URL {
        guard self == .discord, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = components.queryItems ?? []
        items.removeAll { $0.name == "wait" }
        items.append(URLQueryItem(name: "wait", value: "true"))
        components.queryItems = items
        return components.url ?? url
    }
}
