import Foundation
import TenkiCore

/// The digest ledger in the state file: which (digest, slot) pairs were claimed, by which queued
/// message, and which headlines they showed.
///
/// Exactly once rests on one rule: a slot is claimed in the SAME transaction that queues its
/// message (`claim`). A crash before the commit leaves neither, so the slot is still open and the
/// next run posts it; a crash after leaves both, and the queue, which survives restarts, posts it.
/// `BEGIN IMMEDIATE` serialises claims across connections and processes, and the primary key
/// (digest, slot) would refuse a second row even if it did not.
public final class SQLiteDigestLedger: Sendable {
    private let database: SQLiteDatabase

    /// Uses an open state file (shared with the delivery store of the process), migrating it.
    public init(database: SQLiteDatabase) throws(DeliveryStoreError) {
        self.database = database
        try StateSchema.migrate(database)
    }

    /// What became of a claim attempt.
    public enum ClaimResult: Sendable, Equatable {
        /// This call claimed the slot; its message is queued as this delivery.
        case claimed(DeliveryID)
        /// Someone claimed it before (nil delivery: the slot was recorded as missed).
        case alreadyClaimed(DeliveryID?)
    }

    /// One ledger row.
    public struct Entry: Sendable, Equatable {
        public var deliveryID: DeliveryID?
        public var claimedAt: Date
        public var headlineURLs: [String]
    }

    /// Claims `slot` of `digest` and queues `delivery` in one transaction; does nothing when the
    /// slot is already claimed, unless `replacing` (`tenki digest --force`), which queues anyway
    /// and points the row at the new message.
    public func claim(
        digest: String, slot: Date, delivery: NewDelivery, headlineURLs: [String], replacing: Bool = false
    ) async throws(DeliveryStoreError) -> ClaimResult {
        try await transaction { connection throws(SQLiteError) -> ClaimResult in
            let existing = try Self.entry(digest: digest, slot: slot, in: connection)
            if let existing, !replacing { return .alreadyClaimed(existing.deliveryID) }
            let id = try SQLiteDeliveryStore.insert(delivery, in: connection)
            try connection.run(
                """
                INSERT INTO digest_slots (digest, slot, delivery_id, claimed_at, headline_urls) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (digest, slot) DO UPDATE SET
                    delivery_id = excluded.delivery_id, claimed_at = excluded.claimed_at, headline_urls = excluded.headline_urls
                """,
                [
                    .text(digest), .real(slot.timeIntervalSince1970), .integer(id.rawValue),
                    .real(delivery.createdAt.timeIntervalSince1970), .text(headlineURLs.joined(separator: "\n")),
                ])
            return .claimed(id)
        }
    }

    /// Records a slot missed beyond the catch-up window (no message), so that it is logged once
    /// even across restarts. False when the slot already had a row.
    @discardableResult
    public func recordMissed(digest: String, slot: Date, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await transaction { connection throws(SQLiteError) -> Bool in
            try connection.run(
                "INSERT OR IGNORE INTO digest_slots (digest, slot, delivery_id, claimed_at) VALUES (?1, ?2, NULL, ?3)",
                [.text(digest), .real(slot.timeIntervalSince1970), .real(at.timeIntervalSince1970)]) == 1
        }
    }

    /// The row of one slot, or nil when it was never claimed.
    public func entry(digest: String, slot: Date) async throws(DeliveryStoreError) -> Entry? {
        try await transaction { connection throws(SQLiteError) in try Self.entry(digest: digest, slot: slot, in: connection) }
    }

    /// The headlines of the digest's most recent posted slot: the next digest shows none of them.
    public func previousHeadlineURLs(digest: String) async throws(DeliveryStoreError) -> Set<String> {
        do {
            return try await database.perform { connection throws(SQLiteError) in
                let rows = try connection.query(
                    """
                    SELECT headline_urls FROM digest_slots WHERE digest = ?1 AND delivery_id IS NOT NULL
                    ORDER BY claimed_at DESC, slot DESC LIMIT 1
                    """,
                    [.text(digest)]
                ) { $0.text(0) }
                return Set((rows.first ?? "").split(separator: "\n").map(String.init))
            }
        } catch {
            throw .storage(error.description)
        }
    }

    private static func entry(digest: String, slot: Date, in connection: SQLiteConnection) throws(SQLiteError) -> Entry? {
        try connection.query(
            "SELECT delivery_id, claimed_at, headline_urls FROM digest_slots WHERE digest = ?1 AND slot = ?2",
            [.text(digest), .real(slot.timeIntervalSince1970)]
        ) { row in
            Entry(
                deliveryID: row.isNull(0) ? nil : DeliveryID(rawValue: row.int64(0)),
                claimedAt: Date(timeIntervalSince1970: row.double(1)),
                headlineURLs: row.text(2).split(separator: "\n").map(String.init))
        }.first
    }

    /// Off the cooperative thread pool: a claim may wait for another process' lock.
    private func transaction<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Value
    ) async throws(DeliveryStoreError) -> Value {
        do {
            return try await database.performTransaction(body)
        } catch {
            throw .storage(error.description)
        }
    }
}
