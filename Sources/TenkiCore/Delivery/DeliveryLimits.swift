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

/// The two kinds of address Tenki posts to, with Slack's rules for each.
public enum DestinationKind: String, Sendable, Equatable, CaseIterable {
    /// A slash command's `response_url`: Slack accepts it for 30 minutes, at most 5 times.
    case responseURL = "response_url"
    /// An incoming webhook: no use limit; the deadline is ours to choose (see `limits`).
    case incomingWebhook = "webhook"

    /// Slack's lifetime of a `response_url`.
    public static let responseURLLifetime: TimeInterval = 30 * 60
    /// Slack's use limit of a `response_url`.
    public static let responseURLMaxUses = 5
    /// How long Tenki keeps trying an incoming webhook unless told otherwise: a digest that is
    /// six hours late is not worth posting.
    public static let defaultWebhookLifetime: TimeInterval = 6 * 60 * 60

    /// The limits of a message created at `createdAt` (for a `response_url`, the time Slack sent the
    /// command, since its 30 minutes run from then).
    public func limits(createdAt: Date, webhookLifetime: TimeInterval = defaultWebhookLifetime) -> DeliveryLimits {
        switch self {
        case .responseURL:
            DeliveryLimits(deadline: createdAt.addingTimeInterval(Self.responseURLLifetime), maxUses: Self.responseURLMaxUses)
        case .incomingWebhook:
            DeliveryLimits(deadline: createdAt.addingTimeInterval(webhookLifetime), maxUses: nil)
        }
    }
}
