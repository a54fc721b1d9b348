import Foundation
import Synchronization
import TenkiCore

/// Where daily call budgets are counted, so that every process of a deployment (and every
/// restart of one) spends the same budget: the state file in `serve` and `digest`, memory in
/// `preview` and tests. The same store keeps the per-user rate limit's buckets (`TokenBucketStore`).
public protocol CallBudgetStore: TokenBucketStore {
    /// Takes one call from `upstream`'s budget for `day` if fewer than `limit` were taken that
    /// day. Returns the calls left after taking one, or nil when the budget is spent. Atomic: two
    /// processes asking for the last call get one `0` and one `nil`.
    func consume(upstream: String, day: Int, limit: Int) async throws(CallBudgetStoreError) -> Int?

    /// Calls taken from `upstream`'s budget on `day`.
    func used(upstream: String, day: Int) async throws(CallBudgetStoreError) -> Int
}

/// The budget could not be read or written.
public typealias CallBudgetStoreError = StateStoreError

/// A budget counted in this process only: for `preview` and tests.
public final class InMemoryCallBudgetStore: CallBudgetStore {
    private let used = Mutex<[String: (day: Int, used: Int)]>([:])
    private let buckets = Mutex<[String: PacingBucket]>([:])

    public init() {}

    public func consume(upstream: String, day: Int, limit: Int) async throws(CallBudgetStoreError) -> Int? {
        used.withLock { used in
            var entry = used[upstream].flatMap { $0.day == day ? $0 : nil } ?? (day: day, used: 0)
            guard entry.used < limit else { return nil }
            entry.used += 1
            used[upstream] = entry
            return limit - entry.used
        }
    }

    public func used(upstream: String, day: Int) async throws(CallBudgetStoreError) -> Int {
        used.withLock { $0[upstream].flatMap { $0.day == day ? $0.used : nil } ?? 0 }
    }

    public func takeToken(_ key: String, now: Date, rate: Double, burst: Double) async throws(CallBudgetStoreError) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? PacingBucket(rate: rate, burst: burst, now: now)
            let taken = bucket.tryTake(now: now)
            buckets[key] = bucket
            return taken
        }
    }

    @discardableResult
    public func forgetTokenBuckets(idleSince date: Date) async throws(CallBudgetStoreError) -> Int {
        buckets.withLock { buckets in
            let before = buckets.count
            buckets = buckets.filter { $0.value.updatedAt >= date }
            return before - buckets.count
        }
    }
}
