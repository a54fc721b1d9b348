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
