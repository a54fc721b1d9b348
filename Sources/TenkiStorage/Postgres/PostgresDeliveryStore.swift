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

    /// A claim's walk over destinations (`SQLOutbox+Claim`) in one round trip instead of one or two
    /// per destination. `walk` is a loose index scan of `deliveries_lanes`: each step one seek to
    /// the first destination with pending messages after the last, from `$1` to the end of the
    /// hash space, then (`wrapped`) from its start up to `$1` included, `$4` destinations in all.
    /// For each, `LATERAL`, its oldest `$3` messages due at `$2` whose lease is free, read in
    /// order from the same index: the hash is bounded on both sides rather than compared equal, so
    /// that the planner cannot read `deliveries_claim` in due order instead, filtering on the hash
    /// (cheap while a few destinations interleave, a scan of the backlog for one behind a busy
    /// front). Rows in the walk's order; locks nothing (the claim's update locks what it takes,
    /// `SKIP LOCKED`).
    package static var destinationWalkQuery: String? {
        """
        WITH RECURSIVE walk (destination_hash, wrapped, step) AS (
            SELECT CAST($1 AS text), false, 0
            UNION ALL
            SELECT lane.destination_hash, lane.wrapped, walk.step + 1
            FROM walk CROSS JOIN LATERAL (
                (SELECT d.destination_hash, false AS wrapped FROM deliveries d
                 WHERE NOT walk.wrapped AND d.state = 'pending' AND d.destination_hash > walk.destination_hash
                 ORDER BY d.destination_hash LIMIT 1)
                UNION ALL
                (SELECT d.destination_hash, true FROM deliveries d
                 WHERE d.state = 'pending' AND d.destination_hash <= $1
                     AND d.destination_hash > CASE WHEN walk.wrapped THEN walk.destination_hash ELSE '' END
                 ORDER BY d.destination_hash LIMIT 1)
                LIMIT 1
            ) AS lane
            WHERE walk.step < $4
        )
        SELECT walk.destination_hash, due.id, due.next_attempt_at
        FROM walk CROSS JOIN LATERAL (
            SELECT d.id, d.next_attempt_at FROM deliveries d
            WHERE d.state = 'pending' AND d.destination_hash >= walk.destination_hash
                AND d.destination_hash <= walk.destination_hash AND d.next_attempt_at <= $2
                AND (d.lease_until IS NULL OR d.lease_until <= $2)
            ORDER BY d.destination_hash, d.next_attempt_at, d.id
            LIMIT $3
        ) AS due
        WHERE walk.step > 0
        ORDER BY walk.step, due.next_attempt_at, due.id
        """
    }
}
