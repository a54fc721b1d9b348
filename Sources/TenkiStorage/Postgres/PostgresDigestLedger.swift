import Foundation
import TenkiCore

/// The digest ledger (`DigestLedger`) in PostgreSQL. A claim inserts the slot's row first
/// (`ON CONFLICT DO NOTHING`): of several processes claiming at once, the primary key lets one
/// insert and makes the others wait for its commit and then insert nothing; only the one that
/// inserted queues the message, in the same transaction.
public final class PostgresDigestLedger: DigestLedger {
    package let database: PostgresPool

    /// Uses the process' pool; the schema must be migrated (`PostgresSchema.migrate`).
    public init(pool: PostgresPool) {
        database = pool
    }

    public func claim(
        digest: String, slot: Date, delivery: NewDelivery, headlineURLs: [String], replacing: Bool
    ) async throws(DeliveryStoreError) -> DigestSlotClaim {
        let key: [PostgresValue] = [.text(digest), .real(slot.timeIntervalSince1970)]
        let claimedAt = PostgresValue.real(delivery.createdAt.timeIntervalSince1970)
        let headlines = PostgresValue.text(headlineURLs.joined(separator: "\n"))
        return try await transaction { connection throws(PostgresError) -> DigestSlotClaim in
            let inserted =
                try connection.execute(
                    """
                    INSERT INTO digest_slots (digest, slot, claimed_at) VALUES ($1, $2, $3)
                    ON CONFLICT (digest, slot) DO NOTHING
                    """,
                    key + [claimedAt]
                ).affectedRows == 1
            if !inserted && !replacing {
                return .alreadyClaimed(try Self.entry(key, in: connection)?.deliveryID)
            }
            let id = try PostgresDeliveryStore.insert(delivery, in: connection)
            try connection.execute(
                "UPDATE digest_slots SET delivery_id = $3, claimed_at = $4, headline_urls = $5 WHERE digest = $1 AND slot = $2",
                key + [.integer(id.rawValue), claimedAt, headlines])
            return .claimed(id)
        }
    }

    @discardableResult
    public func recordMissed(digest: String, slot: Date, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(PostgresError) in
            try connection.execute(
                """
                INSERT INTO digest_slots (digest, slot, delivery_id, claimed_at) VALUES ($1, $2, NULL, $3)
                ON CONFLICT (digest, slot) DO NOTHING
                """,
                [.text(digest), .real(slot.timeIntervalSince1970), .real(at.timeIntervalSince1970)]
            ).affectedRows == 1
        }
    }

    public func entry(digest: String, slot: Date) async throws(DeliveryStoreError) -> DigestLedgerEntry? {
        try await perform { connection throws(PostgresError) in
            try Self.entry([.text(digest), .real(slot.timeIntervalSince1970)], in: connection)
        }
    }

    public func previousHeadlineURLs(digest: String) async throws(DeliveryStoreError) -> Set<String> {
        try await perform { connection throws(PostgresError) in
            let rows = try connection.query(
                """
                SELECT headline_urls FROM digest_slots WHERE digest = $1 AND delivery_id IS NOT NULL
                ORDER BY claimed_at DESC, slot DESC LIMIT 1
                """,
                [.text(digest)]
            ) { $0.text(0) }
            return Set((rows.first ?? "").split(separator: "\n").map(String.init))
        }
    }

    private static func entry(
        _ key: [PostgresValue], in connection: PostgresConnection
    ) throws(PostgresError) -> DigestLedgerEntry? {
        try connection.query(
            "SELECT delivery_id, claimed_at, headline_urls FROM digest_slots WHERE digest = $1 AND slot = $2", key
        ) {
            row in
            DigestLedgerEntry(
                deliveryID: row.isNull(0) ? nil : DeliveryID(rawValue: row.int64(0)),
                claimedAt: Date(timeIntervalSince1970: row.double(1)),
                headlineURLs: row.text(2).split(separator: "\n").map(String.init))
        }.first
    }
}
