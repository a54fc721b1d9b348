import Foundation

/// A token bucket that paces posts to one destination: on average `rate` posts per second, with
/// bursts of up to `burst`. Slack allows incoming webhooks about one message per second; a short
/// burst keeps a digest of a few parts from waiting needlessly.
///
/// Pure: time is passed in, so tests step through virtual seconds.
public struct PacingBucket: Sendable, Equatable {
    /// Tokens added per second.
    public let rate: Double
    /// The most tokens the bucket holds.
    public let burst: Double
    public private(set) var tokens: Double
    public private(set) var updatedAt: Date
    /// No token is handed out before this instant (set after a 429 with `Retry-After`).
    public private(set) var pausedUntil: Date?

    /// Slack's limit for incoming webhooks: one per second, bursts of three.
    public init(rate: Double = 1, burst: Double = 3, now: Date) {
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1)
        self.tokens = max(burst, 1)
        self.updatedAt = now
    }

    /// Takes a token if one is available at `now`.
    public mutating func tryTake(now: Date) -> Bool {
        refill(now: now)
        if let pausedUntil, now < pausedUntil { return false }
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// The earliest instant at or after `now` when `tryTake` will succeed.
    public func nextAvailable(now: Date) -> Date {
        var copy = self
        copy.refill(now: now)
        var earliest = now
        if copy.tokens < 1 {
            earliest = now.addingTimeInterval((1 - copy.tokens) / rate)
        }
        if let pausedUntil, pausedUntil > earliest { earliest = pausedUntil }
        return earliest
    }

    /// Hands out nothing before `date`, then at most one token, then only what the rate allows (no
    /// burst on resume): after a 429 the destination is at its limit.
    public mutating func pause(until date: Date) {
        if let pausedUntil, pausedUntil >= date { return }
        refill(now: date)
        pausedUntil = date
        // At most one token at the end of the pause, and never more than the rate would have given.
        tokens = min(tokens, 1)
        updatedAt = max(updatedAt, date)
    }

    private mutating func refill(now: Date) {
        let elapsed = now.timeIntervalSince(updatedAt)
        guard elapsed > 0 else { return }
        tokens = min(burst, tokens + elapsed * rate)
        updatedAt = now
    }
}

extension PacingBucket {
    /// Whether the bucket has refilled completely by `now`, so that a fresh bucket would behave the
    /// same (the queue forgets such buckets to stay small).
    public func isFull(at now: Date) -> Bool {
        if let pausedUntil, pausedUntil > now { return false }
        return tokens + max(0, now.timeIntervalSince(updatedAt)) * rate >= burst
    }
}
