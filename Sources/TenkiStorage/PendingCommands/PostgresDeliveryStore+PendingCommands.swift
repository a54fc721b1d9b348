import Foundation
import TenkiCore

/// Pending commands in PostgreSQL, beside the outbox they complete into. Leases are measured on
/// the server's clock (`clock_timestamp()`), so replicas whose clocks drift still agree on when
/// one ended; a takeover locks the rows it takes (`FOR UPDATE SKIP LOCKED`), so two replicas
/// looking at once never take the same command.
extension PostgresDeliveryStore {
    /// Seconds since 1970 on the database server's clock, at the moment the statement reads it.
    package static let databaseNow = "extract(epoch FROM clock_timestamp())::double precision"

    /// As SQLite's, and the rows taken are locked (`SKIP LOCKED`): two replicas looking at once
    /// never take the same command.
    package static let claimAbandonedStatement = """
        WITH picked AS (
            SELECT id FROM pending_commands WHERE lease_until <= \(databaseNow)
            ORDER BY id LIMIT $3
            FOR UPDATE SKIP LOCKED
        )
        UPDATE pending_commands p
        SET claimed_by = $1, lease_until = \(databaseNow) + $2::double precision, claims = p.claims + 1
        FROM picked WHERE p.id = picked.id
        RETURNING p.id, p.payload, p.destination_url, p.destination_kind, p.created_at, p.claims, p.installation_key
        """
}
