import Foundation
import TenkiCore

/// Pending commands beside the outbox they complete into: the statements both databases share.
/// Leases run on the database's clock (`databaseNow`), so processes whose clocks drift still agree
/// on when one ended.
extension SQLOutbox {
    package func hold(
        _ command: NewPendingCommand, owner: String, lease: TimeInterval
    ) async throws(DeliveryStoreError) -> PendingCommandID {
        try await perform { connection throws(Database.DatabaseError) in
            let id = try connection.query(
                """
                INSERT INTO pending_commands (payload, destination_url, destination_kind, created_at, claimed_by, lease_until,
                    installation_key)
                VALUES ($1, $2, $3, $4, $5, \(Self.databaseNow) + $6, $7)
                RETURNING id
                """,
                [
                    .blob(command.payload), .text(command.destination.absoluteString), .text(command.destinationKind.rawValue),
                    .date(command.createdAt), .text(owner), .real(lease), command.installationKey.map { .text($0) } ?? .null,
                ]
            ) { $0.int64(0) }.first
            return PendingCommandID(rawValue: id ?? 0)
        }
    }

    package func claimAbandoned(
        owner: String, lease: TimeInterval, limit: Int
    ) async throws(DeliveryStoreError) -> [PendingCommand] {
        try await transaction { connection throws(Database.DatabaseError) -> [PendingCommand] in
            let rows = try connection.query(
                Self.claimAbandonedStatement, [.text(owner), .real(lease), .integer(Int64(max(1, limit)))]
            ) { row in PendingCommandRow(row) }
            return try PendingCommandRow.commands(rows, settlingOn: connection)
        }
    }

    package func renew(_ id: PendingCommandID, owner: String, lease: TimeInterval) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run(
                "UPDATE pending_commands SET lease_until = \(Self.databaseNow) + $3 WHERE id = $1 AND claimed_by = $2",
                [.integer(id.rawValue), .text(owner), .real(lease)]) == 1
        }
    }

    package func complete(
        _ id: PendingCommandID, owner: String, answer: NewDelivery
    ) async throws(DeliveryStoreError) -> DeliveryID? {
        try await transaction { connection throws(Database.DatabaseError) -> DeliveryID? in
            let forgotten = try connection.run(
                "DELETE FROM pending_commands WHERE id = $1 AND claimed_by = $2", [.integer(id.rawValue), .text(owner)])
            guard forgotten == 1 else { return nil }
            return try Self.insert(answer, in: connection)
        }
    }

    package func forget(_ id: PendingCommandID, owner: String) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run(
                "DELETE FROM pending_commands WHERE id = $1 AND claimed_by = $2", [.integer(id.rawValue), .text(owner)]) == 1
        }
    }

    @discardableResult
    package func releasePendingCommands(owner: String) async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run(
                "UPDATE pending_commands SET lease_until = \(Self.databaseNow) WHERE claimed_by = $1", [.text(owner)])
        }
    }

    package func pendingCommandCount() async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.query("SELECT COUNT(*) FROM pending_commands", []) { $0.int(0) }.first ?? 0
        }
    }
}

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
