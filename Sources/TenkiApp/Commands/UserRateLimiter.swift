import Foundation
import Synchronization
import TenkiCore
import TenkiStorage

/// A per-user limit on commands, so one person (or a script with their token) cannot spend the
/// team's provider quota: a token bucket per user, a minute's worth at once and then the average
/// rate, the same arithmetic that paces webhooks.
///
/// On PostgreSQL, a command that may call a provider (`allowCommand`) takes from the user's
/// bucket in the database as well, so every replica counts against one limit. A stored answer on the listener's thread
/// (`allow`) spends no quota and must not wait for the state: it takes from this process' own
/// bucket only, which is also all a command is checked against while the state is briefly away.
final class UserRateLimiter: Sendable {
    private let perMinute: Int
    private let clock: any WallClock
    private let shared: (any TokenBucketStore)?
    /// Waits out `sharedWait` (tests decide when it is spent, as with the inline budget).
    private let waitForShared: @Sendable (Duration) async -> Void
    private let buckets = Mutex<[UserKey: PacingBucket]>([:])
    /// When the shared buckets of idle users were last forgotten.
    private let lastForgotten = Mutex<Date?>(nil)
    /// Buckets kept before idle (full) ones are dropped: bounds memory whatever the user count.
    private static let maximumTracked = 10_000

    /// - Parameters:
    ///   - perMinute: commands per user per minute on average; 0 turns the limit off.
    ///   - shared: the state's buckets; nil counts in this process only.
    ///   - waitForShared: returns once the wait for the shared count is spent.
    init(
        perMinute: Int, clock: any WallClock, shared: (any TokenBucketStore)? = nil,
        waitForShared: @escaping @Sendable (Duration) async -> Void = TimelyResponder.sleeping
    ) {
        self.perMinute = perMinute
        self.clock = clock
        self.shared = shared
        self.waitForShared = waitForShared
    }

    private var rate: Double { Double(perMinute) / 60 }
    private var burst: Double { Double(perMinute) }

    /// Whether `user` may run a command now (and if so, counts it), by this process' count.
    func allow(_ user: UserKey) -> Bool {
        guard perMinute > 0 else { return true }
        let now = clock.now()
        return buckets.withLock { buckets in
            if buckets.count >= Self.maximumTracked {
                buckets = buckets.filter { !$0.value.isFull(at: now) }
            }
            // A minute's worth at once, then the average rate: a person trying a few spellings is never stopped.
            var bucket = buckets[user] ?? PacingBucket(rate: rate, burst: burst, now: now)
            let allowed = bucket.tryTake(now: now)
            buckets[user] = bucket
            return allowed
        }
    }

    /// Whether `user` may run a command that may call a provider (and if so, counts it): within
    /// this process' count (which stored answers spend too) and within the count every process on
    /// the state shares. While the state is away, this process' count alone decides.
    func allowCommand(_ user: UserKey) async -> Bool {
        guard perMinute > 0 else { return true }
        guard allow(user) else { return false }
        guard let shared else { return true }
        let now = clock.now()
        let (key, rate, burst) = ("\(user.team)/\(user.user)", rate, burst)
        // Owner: this command, which waits for it up to `sharedWait`; past that it is left to end
        // with the database call (bounded by the pool's statement timeout): a slow database slows no one.
        let take = Task { try? await shared.takeToken(key, now: now, rate: rate, burst: burst) }
        // A database that is slow must not slow every command: past the bound, or on an error,
        // this process' own count (already taken) decides.
        let wait = waitForShared
        guard let answered = await TimelyResponder.answer(of: take, orNilAfter: { await wait(Self.sharedWait) }),
              let allowed = answered
        else { return true }
        await forgetIdleBuckets(now: now, in: shared)
        return allowed
    }

    /// The longest a command waits for the shared count.
    static let sharedWait: Duration = .milliseconds(200)

    /// At most every 10 minutes: drops the shared buckets that are full again (idle a minute).
    private func forgetIdleBuckets(now: Date, in shared: any TokenBucketStore) async {
        let due = lastForgotten.withLock { last in
            guard last.map({ now.timeIntervalSince($0) >= 600 }) ?? true else { return false }
            last = now
            return true
        }
        if due { _ = try? await shared.forgetTokenBuckets(idleSince: now.addingTimeInterval(-burst / rate)) }
    }
}
