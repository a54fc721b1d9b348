import Foundation

/// What to do with a message after an attempt.
public enum RetryDecision: Sendable, Equatable {
    /// Slack accepted it.
    case delivered
    /// Try again no earlier than `at`; `reason` describes the failed attempt.
    case retry(at: Date, reason: String)
    /// Slack refused the blocks (`invalid_blocks`) of a message with images: send it once more,
    /// now, without them.
    case resendWithoutImages
    /// Give up; `reason` says why (Slack's reason, the deadline, the use limit).
    case dead(reason: String)
}
