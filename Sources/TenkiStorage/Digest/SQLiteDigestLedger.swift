import Foundation
import TenkiCore

/// The digest ledger (`DigestLedger`) in the SQLite state file. `BEGIN IMMEDIATE` serialises
/// claims across connections and processes, and the primary key (digest, slot) would refuse a
/// second row even if it did not.
public final class SQLiteDigestLedger: DigestLedger {
    package let database: SQLiteDatabase

    /// Uses an open state file (shared with the delivery store of the process), migrating it.
    public init(database: SQLiteDatabase) throws(DeliveryStoreError) {
        self.database = database
        try StateSchema.migrate(database)
    }

    public typealias ClaimResult = DigestSlotClaim
    public typealias Entry = DigestLedgerEntry

    public func claim(
        digest: String, slot: Date, delivery: NewDelivery, headlineURLs: [String], replacing: Bool
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

    @discardableResult
    public func recordMissed(digest: String, slot: Date, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await transaction { connection throws(SQLiteError) -> Bool in
            try connection.run(
                "INSERT OR IGNORE INTO digest_slots (digest, slot, delivery_id, claimed_at) VALUES (?1, ?2, NULL, ?3)",
                [.text(digest), .real(slot.timeIntervalSince1970), .real(at.timeIntervalSince1970)]) == 1
        }
    }

    public func entry(digest: String, slot: Date) async throws(DeliveryStoreError) -> Entry? {
        try await transaction { connection throws(SQLiteError) in try Self.entry(digest: digest, slot: slot, in: connection) }
    }

    public func previousHeadlineURLs(digest: String) async throws(DeliveryStoreError) -> Set<String> {
        try await perform { connection throws(SQLiteError) in
            let rows = try connection.query(
                """
                SELECT headline_urls FROM digest_slots WHERE digest = ?1 AND delivery_id IS NOT NULL
                ORDER BY claimed_at DESC, slot DESC LIMIT 1
                """,
                [.text(digest)]
            ) { $0.text(0) }
            return Set((rows.first ?? "").split(separator: "\n").map(String.init))
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
}
