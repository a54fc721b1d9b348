import Foundation

/// When to try a failed post again, as a value with pure functions (after DiscordBM's retry policy).
///
/// Retried: no connection, timeouts, broken connections, 408, 429 (after `Retry-After`, or
/// Discord's `retry_after` in the body) and 5xx. Other statuses are final, 404 too (Discord's rule
/// for webhooks): Slack's reason (`invalid_payload`, `channel_not_found`, …) becomes the dead
/// reason. The one exception is `invalid_blocks` on a message with images, sent once more without them.
///
/// Webhook posts are not idempotent: a timeout or a broken connection may follow a post that
/// arrived, so those retries can post twice. Refused connections, 429 and most 5xx cannot.
public struct RetryPolicy: Sendable, Equatable {
    /// The first backoff's upper bound; each later attempt doubles it.
    public var base: TimeInterval
    /// The largest backoff bound.
    public var cap: TimeInterval
    /// Attempts in all, whatever the deadline; nil: only the deadline and use limit stop retries.
    public var maxAttempts: Int?
    /// The longest `Retry-After` honoured; a larger one is cut to this.
    public var retryAfterCap: TimeInterval

    /// The defaults, pinned by a test: 1 s doubling to 5 min, `Retry-After` up to 10 min, no attempt limit.
    public init(base: TimeInterval = 1, cap: TimeInterval = 300, maxAttempts: Int? = nil, retryAfterCap: TimeInterval = 600) {
        self.base = max(0, base)
        self.cap = max(0, cap)
        self.maxAttempts = maxAttempts
        self.retryAfterCap = max(0, retryAfterCap)
    }

    public static let `default` = RetryPolicy()

    /// Whether a status is worth another attempt.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The upper bound of the backoff after attempt number `attempt` (1-based): `base * 2^(attempt-1)`, capped.
    public func backoffBound(attempt: Int) -> TimeInterval {
        let exponent = min(max(attempt - 1, 0), 62)
        return min(cap, base * pow(2, Double(exponent)))
    }

    /// Full jitter (AWS' "Exponential Backoff and Jitter"): uniform in `0...backoffBound(attempt:)`,
    /// so many senders that failed together do not retry together.
    public func backoff(attempt: Int, random: inout some RandomNumberGenerator) -> TimeInterval {
        let bound = backoffBound(attempt: attempt)
        guard bound > 0 else { return 0 }
        return Double.random(in: 0...bound, using: &random)
    }

    /// The decision after attempt number `attempt` (1-based, counting this one) ended with `outcome` at `now`.
    ///
    /// - Parameters:
    ///   - limits: the message's deadline and use limit; no retry is scheduled past either.
    ///   - hasImages: whether the message still holds image blocks that could be stripped.
    public func decision(
        for outcome: AttemptOutcome, attempt: Int, now: Date, limits: DeliveryLimits, hasImages: Bool,
        random: inout some RandomNumberGenerator
    ) -> RetryDecision {
        let reason = outcome.summary
        var delay: TimeInterval
        switch outcome {
        case .response(let status, let body, let retryAfter):
            if (200...299).contains(status) { return .delivered }
            guard Self.isRetryable(status: status) else {
                if SlackErrorReason.parse(body) == "invalid_blocks", hasImages {
                    return mayAttemptAgain(attempt: attempt, now: now, limits: limits) == nil
                        ? .resendWithoutImages : .dead(reason: reason)
                }
                return .dead(reason: reason)
            }
            delay = backoff(attempt: attempt, random: &random)
            if let retryAfter, let seconds = RetryAfter.parse(retryAfter, now: now) {
                delay = min(seconds, retryAfterCap)
            } else if status == 429, let seconds = RetryAfter.parse(jsonBody: body) {
                delay = min(seconds, retryAfterCap)
            }
        case .transportFailure(.addressRefused):
            // Where a public host's name leads is not ours to retry into: dead at once, with why.
            return .dead(reason: reason)
        case .transportFailure:
            delay = backoff(attempt: attempt, random: &random)
        }
        return retry(after: delay, reason: reason, attempt: attempt, now: now, limits: limits)
    }

    /// Another attempt `delay` seconds after `now`, unless a limit forbids it or the deadline
    /// comes first (then dead, with `reason` and the limit).
    func retry(after delay: TimeInterval, reason: String, attempt: Int, now: Date, limits: DeliveryLimits) -> RetryDecision {
        if let limit = mayAttemptAgain(attempt: attempt, now: now, limits: limits) {
            return .dead(reason: "\(reason); \(limit)")
        }
        let at = now.addingTimeInterval(delay)
        guard at < limits.deadline else {
            return .dead(reason: "\(reason); deadline passed")
        }
        return .retry(at: at, reason: reason)
    }

    /// Nil when another attempt is allowed after `attempt` attempts, else which limit forbids it.
    public func mayAttemptAgain(attempt: Int, now: Date, limits: DeliveryLimits) -> String? {
        if let maxUses = limits.maxUses, attempt >= maxUses { return "use limit of \(maxUses) reached" }
        if let maxAttempts, attempt >= maxAttempts { return "attempt limit of \(maxAttempts) reached" }
        if now >= limits.deadline { return "deadline passed" }
        return nil
    }
}
