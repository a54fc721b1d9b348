import Foundation

/// Token buckets kept in the state, for the per-user rate limit: every process on one state takes
/// from the same bucket. A bucket holds at most `burst` tokens and gains `rate` a second; one
/// untouched long enough to be full again is the same as none, so `forgetTokenBuckets` may drop it.
public protocol TokenBucketStore: Sendable {
    /// Takes a token from `key`'s bucket at `now`; false when it is empty. Atomic: concurrent
    /// takers from every process never get more than the bucket holds.
    func takeToken(_ key: String, now: Date, rate: Double, burst: Double) async throws(CallBudgetStoreError) -> Bool

    /// Drops the buckets last used before `date`; returns how many.
    @discardableResult
    func forgetTokenBuckets(idleSince date: Date) async throws(CallBudgetStoreError) -> Int
}
