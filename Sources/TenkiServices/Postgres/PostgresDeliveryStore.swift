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
                    // A URL that no longer parses can never be sent: settle it rather than claim it forever.
                    try connection.execute(
                        """
                        UPDATE deliveries SET state = 'dead', last_error = 'destination URL unreadable', finished_at = $2,
                            claimed_by = NULL, lease_until = NULL
                        WHERE id = $1
                        """,
                        [.integer(row.int64(0)), .real(at)])
                    continue
                }
                claimed.append(delivery)
            }
            return claimed
        }
    }

    package func takePostingTurn(
        _ destinationHash: String, now: Date, interval: TimeInterval
    ) async throws(DeliveryStoreError) -> Date? {
        let (time, step) = (now.timeIntervalSince1970, interval)
        return try await transaction { connection throws(PostgresError) -> Date? in
            let taken = try connection.query(
                """
                INSERT INTO destination_pacing (destination_hash, next_at) VALUES ($1, $2::double precision + $3::double precision)
                ON CONFLICT (destination_hash) DO UPDATE SET next_at = excluded.next_at
                WHERE destination_pacing.next_at <= $2::double precision
                RETURNING next_at
                """, [.text(destinationHash), .real(time), .real(step)]) { $0.double(0) }
            guard taken.isEmpty else { return nil }
            return try connection.query(
                "SELECT next_at FROM destination_pacing WHERE destination_hash = $1", [.text(destinationHash)]
            ) { Date(timeIntervalSince1970: $0.double(0)) }.first
        }
    }
}
