import Foundation
import TenkiCore

/// Where the queue keeps its messages, durably. SQLite today; a PostgreSQL store for several
/// replicas later, which is why messages are claimed with a lease (owner plus expiry) instead of
/// assuming one process: a claim that is not settled before `leaseUntil` (a crash, a hang) may be
/// taken by anyone.
///
/// Every method that settles a claim takes the `owner` and does nothing (returns false) when the
/// lease has passed to someone else, so a slow process cannot overwrite a newer attempt's result.
///
/// The outbox also holds the commands whose answer is still owed (`PendingCommandStore`): one
/// is completed by queueing its answer, in the same transaction.
public protocol DeliveryStore: PendingCommandStore {
    /// Stores a new pending message, due at once; returns when it is committed.
    func enqueue(_ delivery: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID

    /// Claims due pending messages whose lease is free or expired, at most `perDestination` for one
    /// destination and `limit` in all, oldest due first. Each claim counts as an attempt (and as a
    /// use of a `response_url`) from this moment, because a crash mid-post cannot tell.
    func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery]

    /// Gives a claim back without attempting it (the destination's pace was used up): the attempt
    /// is not counted, and the message is due again at `at`.
    @discardableResult
    func release(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool

    /// Records a failed attempt to be retried at `at`; `body`, when given, replaces the message
    /// (the copy without images).
    @discardableResult
    func reschedule(
        _ id: DeliveryID, owner: String, at: Date, lastError: String, body: [UInt8]?
    ) async throws(DeliveryStoreError) -> Bool

    @discardableResult
    func markDelivered(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool

    @discardableResult
    func markDead(_ id: DeliveryID, owner: String, reason: String, at: Date) async throws(DeliveryStoreError) -> Bool

    /// Makes a dead message pending again, due at `now`: for an incoming webhook with a fresh
    /// deadline window and attempt count; a `response_url` keeps Slack's deadline and use count,
    /// since Slack does. False when there is no dead message with that id.
    func retry(_ id: DeliveryID, now: Date) async throws(DeliveryStoreError) -> Bool

    /// Takes the next turn to post to a destination paced across every process on this state
    /// (a Slack channel: one `chat.postMessage` a second, whichever replica sends it): nil when
    /// the turn is this caller's and the next opens `interval` later, else when the next turn
    /// opens. Atomic: two processes never get the same turn.
    func takePostingTurn(
        _ destinationHash: String, now: Date, interval: TimeInterval
    ) async throws(DeliveryStoreError) -> Date?

    /// Messages in the given states, oldest first, without URLs or bodies.
    func list(states: Set<DeliveryState>) async throws(DeliveryStoreError) -> [DeliverySummary]

    /// One message's summary, or nil when there is none (never existed, or pruned).
    func summary(of id: DeliveryID) async throws(DeliveryStoreError) -> DeliverySummary?

    /// When the earliest pending message is due (or its lease expires); nil when none is pending.
    func nextDueTime() async throws(DeliveryStoreError) -> Date?

    /// Counts for metrics. They read every pending row's index entry, so the queue reads them at
    /// most every `DeliveryQueue.statisticsInterval`, not every round.
    func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics

    /// How many messages are pending, counting no further than `ceiling`: a read of at most
    /// `ceiling` index entries, whatever the backlog, for the bound on new work every round.
    func pendingCount(atMost ceiling: Int) async throws(DeliveryStoreError) -> Int

    /// Deletes delivered messages that finished before `date`; returns how many.
    @discardableResult
    func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int
}

/// A store failure, with the storage's message and never a URL or body.
public enum DeliveryStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The storage failed (locked longer than the busy timeout, disk full, corrupt file).
    case storage(String)
    /// The file's schema is newer than this build knows: refuse rather than damage it.
    case schemaTooNew(found: Int, supported: Int)

    public var description: String {
        switch self {
        case .storage(let message): "delivery store: \(message)"
        case .schemaTooNew(let found, let supported):
            "delivery store: schema version \(found) is newer than this build's \(supported); upgrade tenki"
        }
    }
}
