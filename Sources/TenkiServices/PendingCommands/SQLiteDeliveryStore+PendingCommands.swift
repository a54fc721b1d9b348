import Foundation
import TenkiCore

/// Pending commands in the SQLite state file, beside the outbox they complete into. Leases are
/// measured on SQLite's clock, which is the machine's: every process on one file shares it.
extension SQLiteDeliveryStore {
    /// Seconds since 1970, with milliseconds, as SQLite reads the system clock.
    package static let databaseNow = "((julianday('now') - 2440587.5) * 86400.0)"

    package func claimAbandoned(
        owner: String, lease: TimeInterval, limit: Int
    ) async throws(DeliveryStoreError) -> [PendingCommand] {
        try await transaction { connection throws(SQLiteError) -> [PendingCommand] in
            let rows = try connection.query(
                """
                UPDATE pending_commands SET claimed_by = ?1, lease_until = \(Self.databaseNow) + ?2, claims = claims + 1
                WHERE id IN (
                    SELECT id FROM pending_commands WHERE lease_until <= \(Self.databaseNow) ORDER BY id LIMIT ?3
                )
                RETURNING id, payload, destination_url, destination_kind, created_at, claims
                """,
                [.text(owner), .real(lease), .integer(Int64(max(1, limit)))]
            ) { row in PendingCommandRow(row) }
            return try PendingCommandRow.commands(rows, settlingOn: connection)
        }
    }
}
