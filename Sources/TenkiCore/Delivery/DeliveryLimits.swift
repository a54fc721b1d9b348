import Foundation

/// How long and how often a destination may be posted to.
public struct DeliveryLimits: Sendable, Equatable {
    /// No attempt starts after this instant.
    public var deadline: Date
    /// At most this many attempts in all (each attempt may use up one of Slack's uses); nil: no limit.
    public var maxUses: Int?

    public init(deadline: Date, maxUses: Int?) {
        self.deadline = deadline
        self.maxUses = maxUses
    }
}

/// The kinds of address Tenki posts to, with each platform's rules.
public enum DestinationKind: String, Sendable, Equatable, CaseIterable {
    /// A slash command's `response_url`: Slack accepts it for 30 minutes, at most 5 times.
    case responseURL = "response_url"
    /// An incoming webhook: no use limit; the deadline is ours to choose (see `limits`).
    case incomingWebhook = "webhook"
    /// A Discord interaction's `@original` message, edited with PATCH: the interaction's token
    /// works for 15 minutes.
    case discordOriginal = "discord_original"
    /// A new message after a Discord interaction's answer (a follow-up), posted with the same token.
    case discordFollowUp = "discord_follow_up"
    /// Slack's Web API `chat.postMessage` with the bot token: posts to any channel the bot is in.
    /// The token is added at send time, never stored; the deadline is a webhook's.
    case slackWebAPI = "slack_api"

    /// Slack's lifetime of a `response_url`.
    public static let responseURLLifetime: TimeInterval = 30 * 60
    /// Slack's use limit of a `response_url`.
    public static let responseURLMaxUses = 5
    /// How long Tenki keeps trying an incoming webhook unless told otherwise: a digest that is
    /// six hours late is not worth posting.
    public static let defaultWebhookLifetime: TimeInterval = 6 * 60 * 60
    /// Discord's lifetime of an interaction token.
    public static let discordTokenLifetime: TimeInterval = 15 * 60

    /// How a message is sent there: Discord's `@original` is edited, everything else is posted.
    public var httpMethod: String { self == .discordOriginal ? "PATCH" : "POST" }

    /// The limits of a message created at `createdAt` (for a `response_url`, the time Slack sent the
    /// command, since its 30 minutes run from then).
    public func limits(createdAt: Date, webhookLifetime: TimeInterval = defaultWebhookLifetime) -> DeliveryLimits {
        switch self {
        case .responseURL:
            DeliveryLimits(deadline: createdAt.addingTimeInterval(Self.responseURLLifetime), maxUses: Self.responseURLMaxUses)
        case .incomingWebhook, .slackWebAPI:
            DeliveryLimits(deadline: createdAt.addingTimeInterval(webhookLifetime), maxUses: nil)
        case .discordOriginal, .discordFollowUp:
            DeliveryLimits(deadline: createdAt.addingTimeInterval(Self.discordTokenLifetime), maxUses: nil)
        }
    }
}
