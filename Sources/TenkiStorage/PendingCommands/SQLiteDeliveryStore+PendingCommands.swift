import Foundation
import TenkiCore

/// Pending commands in the SQLite state file, beside the outbox they complete into. Leases are
/// measured on SQLite's clock, which is the machine's: every process on one file shares it.
extension SQLiteDeliveryStore {
    /// Seconds since 1970, with milliseconds, as SQLite reads the system clock.
    package static let databaseNow = "((julianday('now') - 2440587.5) * 86400.0)"

    /// Takes up to `$3` commands whose lease ended: owner `$1`, a new lease of `$2` seconds.
    package static let claimAbandonedStatement = """
        UPDATE pending_commands SET claimed_by = $1, lease_until = \(databaseNow) + $2, claims = claims + 1
        WHERE id IN (
            SELECT id FROM pending_commands WHERE lease_until <= \(databaseNow) ORDER BY id LIMIT $3
        )
        RETURNING id, payload, destination_url, destination_kind, created_at, claims, installation_key
        """
}
