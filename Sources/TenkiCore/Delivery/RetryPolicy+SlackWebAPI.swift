import Foundation

extension RetryPolicy {
    /// The decision after a `chat.postMessage` attempt: `SlackWebAPIResult` reads Slack's
    /// `{"ok": ..., "error": ...}`; anything it leaves to HTTP (429 with `Retry-After`, 5xx, no
    /// response) follows `decision(for:...)`. A dead message's reason is Slack's error alone
    /// (`not_in_channel`), so callers can tell the channel's owner what to fix. As for webhooks,
    /// `invalid_blocks` on a message with images (a chart Slack could not download) is sent once
    /// more without them: a chart never costs an answer.
    public func decision(
        forSlackWebAPI outcome: AttemptOutcome, attempt: Int, now: Date, limits: DeliveryLimits, hasImages: Bool = false,
        random: inout some RandomNumberGenerator
    ) -> RetryDecision {
        switch SlackWebAPIResult(outcome) {
        case .posted:
            return .delivered
        case .permanent(error: "invalid_blocks") where hasImages:
            return mayAttemptAgain(attempt: attempt, now: now, limits: limits) == nil
                ? .resendWithoutImages : .dead(reason: "invalid_blocks")
        case .permanent(let error):
            return .dead(reason: error)
        case .retryable(let error):
            var delay = backoff(attempt: attempt, random: &random)
            if case .response(_, _, let retryAfter?) = outcome, let seconds = RetryAfter.parse(retryAfter, now: now) {
                delay = min(seconds, retryAfterCap)
            }
            return retry(after: delay, reason: error, attempt: attempt, now: now, limits: limits)
        case .http:
            return decision(for: outcome, attempt: attempt, now: now, limits: limits, hasImages: false, random: &random)
        }
    }
}
