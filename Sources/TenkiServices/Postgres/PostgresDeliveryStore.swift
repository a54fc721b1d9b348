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

    package static func reading(_ index: String) -> String { "" }

    package func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        let at = now.timeIntervalSince1970
        let walkStart = Self.randomWalkStart()
        return try await transaction { connection throws(PostgresError) in
            // Chosen from the indexes without locks; then locked with SKIP LOCKED and stamped in one
            // statement. The conditions are repeated on the locked rows: PostgreSQL re-checks them
            // on the newest version of a row that another claim changed after the choice was read,
            // so a row another process took meanwhile is left out (this claim is then smaller).
            let ids = try Self.pickDue(
                at: at, perDestination: perDestination, limit: limit, walkFrom: walkStart, on: connection)
            guard !ids.isEmpty else { return [] }
            let rows = try connection.query(
                """
                WITH picked AS (
                    SELECT id FROM deliveries
                    WHERE id = ANY(CAST($4 AS bigint[])) AND state = 'pending' AND next_attempt_at <= $1
                        AND (lease_until IS NULL OR lease_until <= $1)
                    FOR UPDATE SKIP LOCKED
                )
                UPDATE deliveries SET claimed_by = $2, lease_until = $3, attempts = deliveries.attempts + 1
                FROM picked WHERE deliveries.id = picked.id
                -- deliveries.id: picked has an id too
                RETURNING deliveries.\(DeliveryColumns.claimed), next_attempt_at
                """,
                [
                    .real(at), .text(owner), .real(at + leaseDuration),
                    .text("{" + ids.map { String($0) }.joined(separator: ",") + "}"),
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
