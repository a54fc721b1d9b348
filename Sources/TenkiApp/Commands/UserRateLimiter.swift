import Foundation
import Synchronization
import TenkiCore
import TenkiServices

/// A per-user limit on commands, so one person (or a script with their token) cannot spend the
/// team's provider quota: a token bucket per user, the same arithmetic that paces webhooks.
final class UserRateLimiter: Sendable {
    private let perMinute: Int
    private let clock: any WallClock
    private let buckets = Mutex<[UserKey: PacingBucket]>([:])
    /// Buckets kept before idle (full) ones are dropped: bounds memory whatever the user count.
    private static let maximumTracked = 10_000

    /// - Parameter perMinute: commands per user per minute on average; 0 turns the limit off.
    init(perMinute: Int, clock: any WallClock) {
        self.perMinute = perMinute
        self.clock = clock
    }

    /// Whether `user` may run a command now (and if so, counts it).
    func allow(_ user: UserKey) -> Bool {
        guard perMinute > 0 else { return true }
        let now = clock.now()
        return buckets.withLock { buckets in
            if buckets.count >= Self.maximumTracked {
                buckets = buckets.filter { !$0.value.isFull(at: now) }
            }
            // A minute's worth at once, then the average rate: a person trying a few spellings is never stopped.
            var bucket = buckets[user] ?? PacingBucket(rate: Double(perMinute) / 60, burst: Double(perMinute), now: now)
            let allowed = bucket.tryTake(now: now)
            buckets[user] = bucket
            return allowed
        }
    }
}
