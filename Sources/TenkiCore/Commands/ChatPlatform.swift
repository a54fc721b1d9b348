/// The chat platform a command came from, and so the format its answers are rendered in.
public enum ChatPlatform: String, Sendable, Equatable, CaseIterable {
    /// Block Kit JSON (`SlackRenderer`).
    case slack
    /// Markdown text with Slack-style attachments (`MattermostRenderer`).
    case mattermost
    /// An interaction response with embeds (`DiscordRenderer`).
    case discord

    /// The platform's name as its users know it.
    public var displayName: String {
        switch self {
        case .slack: "Slack"
        case .mattermost: "Mattermost"
        case .discord: "Discord"
        }
    }
}
