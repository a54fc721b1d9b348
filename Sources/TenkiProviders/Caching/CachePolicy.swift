import Foundation

/// How long one cache keeps what it learned. Every duration is a parameter (the settings decide
/// them), so the same `ExpiringCache` serves weather, forecasts, geocoding and, later, news.
public struct CachePolicy: Sendable, Equatable {
    /// How long a good answer is served without asking the upstream again.
    public var timeToLive: TimeInterval
    /// How long a "not found" is remembered, so a typo repeated in a channel costs one call.
    public var negativeTimeToLive: TimeInterval
    /// How old an answer may be and still be served when the upstream is failing. Entries older
    /// than this (and past `timeToLive`) are dropped, which bounds what a long outage keeps.
    public var maxStaleAge: TimeInterval
    /// The most entries kept; beyond it the least recently used are evicted. At least 1.
    public var maxEntries: Int

    public init(timeToLive: TimeInterval, negativeTimeToLive: TimeInterval, maxStaleAge: TimeInterval, maxEntries: Int) {
        self.timeToLive = max(0, timeToLive)
        self.negativeTimeToLive = max(0, negativeTimeToLive)
        self.maxStaleAge = max(0, maxStaleAge)
        self.maxEntries = max(1, maxEntries)
    }

    /// Current weather: 10 minutes fresh, misses for 10 minutes, stale up to 6 hours.
    public static let currentWeather = CachePolicy(
        timeToLive: 10 * 60, negativeTimeToLive: 10 * 60, maxStaleAge: 6 * 3600, maxEntries: 2_000)
    /// Forecasts: 30 minutes fresh (the model updates every 3 hours), stale up to 6 hours.
    public static let forecast = CachePolicy(
        timeToLive: 30 * 60, negativeTimeToLive: 10 * 60, maxStaleAge: 6 * 3600, maxEntries: 1_000)
    /// Geocoding: places do not move, so a day fresh and a week stale; misses for 10 minutes
    /// (a place may be added, and a user may be trying spellings).
    public static let geocoding = CachePolicy(
        timeToLive: 24 * 3600, negativeTimeToLive: 10 * 60, maxStaleAge: 7 * 24 * 3600, maxEntries: 5_000)
}

/// What a failed load means for the cache, decided by the client's error type.
public enum FailureDisposition: Sendable, Equatable {
    /// The thing does not exist ("not found"): remember the error for `negativeTimeToLive`, and
    /// never hide it behind an older good answer.
    case negative
    /// The upstream is struggling (timeout, 5xx, rate limit, connection): serve the last good
    /// answer if it is younger than `maxStaleAge`, else pass the error on.
    case temporary
    /// Anything else (bad key, bad request, undecodable): pass the error on, remember nothing.
    case permanent
}

/// An answer from a cache, with how old it is, so a stale one can say so to the user.
public struct CachedValue<Value: Sendable>: Sendable {
    public var value: Value
    /// When the upstream gave this answer (by the cache's clock).
    public var fetchedAt: Date
    /// Seconds between `fetchedAt` and when it was served.
    public var age: TimeInterval
    /// Served past its time to live because the upstream failed.
    public var isStale: Bool

    /// The age, only when stale: what a formatter shows as "as of 25 min ago".
    public var staleAge: TimeInterval? { isStale ? age : nil }

    /// The same freshness around another value (a place list narrowed to its best match, …).
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> CachedValue<Other> {
        CachedValue<Other>(value: try transform(value), fetchedAt: fetchedAt, age: age, isStale: isStale)
    }
}

extension CachedValue: Equatable where Value: Equatable {}
