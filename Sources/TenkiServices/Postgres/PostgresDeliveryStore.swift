import Foundation
import TenkiCore

/// The outbox in PostgreSQL, shared by any number of processes. A claim takes due rows with
/// `FOR UPDATE SKIP LOCKED` and stamps them with its owner and a lease in the same statement, so
/// two processes never hold one message; a claim not settled before its lease ends (a killed
/// replica) is taken by the next claim anywhere. Every settle checks the owner, as in SQLite.
package final class PostgresDeliveryStore: SQLOutbox {
    package let database: PostgresPool

    /// Uses the process' pool; the schema must be migrated (`PostgresSchema.migrate`).
    package init(pool: PostgresPool) {
        database = pool
    }

    package func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        let at = now.timeIntervalSince1970
        return try await transaction { connection throws(PostgresError) in
            // The window keeps one busy destination from filling the whole batch. The conditions are
            // repeated on the locked rows: PostgreSQL re-checks them on the newest version of a row
            // that another claim changed after this statement's snapshot.
            let rows = try connection.query(
                """
                WITH ranked AS (
                    SELECT id, ROW_NUMBER() OVER (PARTITION BY destination_hash ORDER BY next_attempt_at, id) AS rank
                    FROM deliveries
                    WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
                ), picked AS (
                    SELECT d.id FROM deliveries d JOIN ranked r ON r.id = d.id
                    WHERE r.rank <= $2 AND d.state = 'pending' AND d.next_attempt_at <= $1
                        AND (d.lease_until IS NULL OR d.lease_until <= $1)
                    ORDER BY d.next_attempt_at, d.id
                    LIMIT $3
                    FOR UPDATE OF d SKIP LOCKED
                )
                UPDATE deliveries SET claimed_by = $4, lease_until = $5, attempts = deliveries.attempts + 1
                FROM picked WHERE deliveries.id = picked.id
                -- deliveries.id: picked has an id too
                RETURNING deliveries.\(DeliveryColumns.claimed), next_attempt_at
                """,
                [
                    .real(at), .integer(Int64(max(1, perDestination))), .integer(Int64(max(1, limit))), .text(owner),
                    .real(at + leaseDuration),
                ]
            ) { row in (row, row.double(11)) }
            var claimed: [ClaimedDelivery] = []
            for (row, _) in rows.sorted(by: { ($0.1, $0.0.int64(0)) < ($1.1, $1.0.int64(0)) }) {
                // `attempts` as returned counts this claim.
                guard let delivery = DeliveryColumns.claimed(row, attempt: row.int(7)) else {
                    try Self.settleUnreadable(row.int64(0), at: at, on: connection)
                    continue
                }
                claimed.append(delivery)
            }
            return claimed
        }
    }
}
