import Foundation
import TenkiCore

/// Which (digest, slot) pairs were claimed, by which queued message, and which headlines they
/// showed: what makes a digest or subscription slot post once, however many processes run the
/// scheduler. SQLite or PostgreSQL; both pass one suite.
///
/// Exactly once rests on one rule: a slot is claimed in the SAME transaction that queues its
/// message. A crash before the commit leaves neither, so the slot is still open and the next run
/// posts it; a crash after leaves both, and the queue, which survives restarts, posts it.
public protocol DigestLedger: Sendable {
    /// Claims `slot` of `digest` and queues `delivery` in one transaction; does nothing when the
    /// slot is already claimed, unless `replacing` (`tenki digest --force`), which queues anyway
    /// and points the row at the new message.
    func claim(
        digest: String, slot: Date, delivery: NewDelivery, headlineURLs: [String], replacing: Bool
    ) async throws(DeliveryStoreError) -> DigestSlotClaim

    /// Records a slot missed beyond the catch-up window (no message), so that it is logged once
    /// even across restarts. False when the slot already had a row.
    @discardableResult
    func recordMissed(digest: String, slot: Date, at: Date) async throws(DeliveryStoreError) -> Bool

    /// The row of one slot, or nil when it was never claimed.
    func entry(digest: String, slot: Date) async throws(DeliveryStoreError) -> DigestLedgerEntry?

    /// The headlines of the digest's most recent posted slot: the next digest shows none of them.
    func previousHeadlineURLs(digest: String) async throws(DeliveryStoreError) -> Set<String>
}

extension DigestLedger {
    /// Claims `slot` unless it is already claimed.
    public func claim(
        digest: String, slot: Date, delivery: NewDelivery, headlineURLs: [String]
    ) async throws(DeliveryStoreError) -> DigestSlotClaim {
        try await claim(digest: digest, slot: slot, delivery: delivery, headlineURLs: headlineURLs, replacing: false)
    }
}

/// What became of a claim attempt.
public enum DigestSlotClaim: Sendable, Equatable {
    /// This call claimed the slot; its message is queued as this delivery.
    case claimed(DeliveryID)
    /// Someone claimed it before (nil delivery: the slot was recorded as missed).
    case alreadyClaimed(DeliveryID?)
}

/// One ledger row.
public struct DigestLedgerEntry: Sendable, Equatable {
    public var deliveryID: DeliveryID?
    public var claimedAt: Date
    public var headlineURLs: [String]

    public init(deliveryID: DeliveryID?, claimedAt: Date, headlineURLs: [String]) {
        self.deliveryID = deliveryID
        self.claimedAt = claimedAt
        self.headlineURLs = headlineURLs
    }
}
