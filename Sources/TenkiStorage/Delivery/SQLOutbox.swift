import Foundation
import TenkiCore

/// The outbox on a state database, SQLite or PostgreSQL: every statement the two dialects agree
/// on, written once (with `$n` parameters, which both read). Each store adds only what they do not
/// agree on: how a claim takes due messages without two processes taking one, how a posting turn
/// is taken, and which clock a pending command's lease runs on.
package protocol SQLOutbox: DeliveryStore, OutboxStorage {
    /// Seconds since 1970 on the database's clock, as SQL, for leases every process agrees on.
    static var databaseNow: String { get }
    /// Takes up to `$3` pending commands whose lease ended, for owner `$1` with a lease of `$2`
    /// seconds, returning their rows (`PendingCommandRow`); each database says it its own way.
    static var claimAbandonedStatement: String { get }
    /// What follows `FROM deliveries` to make a statement read `index`: SQLite's `INDEXED BY`
    /// (its planner has no statistics to choose a partial index by), nothing for PostgreSQL.
    static func reading(_ index: String) -> String
    /// A claim's walk over destinations in one statement, where each read is a round trip
    /// (PostgreSQL); nil to walk with one seek per destination (SQLite). See `SQLOutbox+Claim`.
    static var destinationWalkQuery: String? { get }
}

extension SQLOutbox {
    package func enqueue(_ delivery: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID {
        try await perform { connection throws(Database.DatabaseError) in try Self.insert(delivery, in: connection) }
    }

    /// Inserts a new pending message on `connection`, inside whatever transaction the caller holds:
    /// the digest ledger claims its slot and queues its message in one transaction with this.
    package static func insert<Connection: StoreConnection>(
        _ delivery: NewDelivery, in connection: Connection
    ) throws(Connection.Failure) -> DeliveryID {
        let values: [Connection.Parameter] = [
            .text(delivery.kind), .text(delivery.destination.absoluteString), .text(delivery.destinationKind.rawValue),
            .text(DestinationFingerprint.host(of: delivery.destination)), .text(delivery.destinationHash), .blob(delivery.body),
            .date(delivery.createdAt), .date(delivery.deadline), delivery.maxUses.map { .integer(Int64($0)) } ?? .null,
            .real(delivery.deadline.timeIntervalSince(delivery.createdAt)), .date(delivery.firstAttemptAt ?? delivery.createdAt),
            delivery.installationKey.map { .text($0) } ?? .null,
        ]
        let id = try connection.query(
            """
            INSERT INTO deliveries (kind, destination_url, destination_kind, destination_host, destination_hash,
                body, state, created_at, deadline, max_uses, webhook_lifetime, next_attempt_at, installation_key)
            VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12)
            RETURNING id
            """, values
        ) { $0.int64(0) }.first
        return DeliveryID(rawValue: id ?? 0)
    }

    package func takePostingTurn(
        _ destinationHash: String, now: Date, interval: TimeInterval
    ) async throws(DeliveryStoreError) -> Date? {
        try await transaction { connection throws(Database.DatabaseError) -> Date? in
            let taken = try connection.query(
                """
                INSERT INTO destination_pacing (destination_hash, next_at)
                VALUES ($1, CAST($2 AS DOUBLE PRECISION) + CAST($3 AS DOUBLE PRECISION))
                ON CONFLICT (destination_hash) DO UPDATE SET next_at = excluded.next_at
                WHERE destination_pacing.next_at <= $2
                RETURNING next_at
                """, [.text(destinationHash), .date(now), .real(interval)]) { $0.double(0) }
            guard taken.isEmpty else { return nil }
            return try connection.query(
                "SELECT next_at FROM destination_pacing WHERE destination_hash = $1", [.text(destinationHash)]
            ) { $0.date(0) }.first
        }
    }

    /// Marks a due message whose URL no longer parses dead: it can never be sent, and would
    /// otherwise be claimed for ever.
    static func settleUnreadable<Connection: StoreConnection>(
        _ id: Int64, at: TimeInterval, on connection: Connection
    ) throws(Connection.Failure) {
        try connection.run(
            """
            UPDATE deliveries SET state = 'dead', last_error = 'destination URL unreadable', finished_at = $2,
                claimed_by = NULL, lease_until = NULL
            WHERE id = $1
            """,
            [.integer(id), .real(at)])
    }

    @discardableResult
    package func release(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "attempts = attempts - 1, next_attempt_at = $3, claimed_by = NULL, lease_until = NULL", id, owner, [.date(at)])
    }

    @discardableResult
    package func reschedule(
        _ id: DeliveryID, owner: String, at: Date, lastError: String, body: [UInt8]?
    ) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "next_attempt_at = $3, last_error = $4, body = COALESCE($5, body), claimed_by = NULL, lease_until = NULL",
            id, owner, [.date(at), .text(lastError), body.map { .blob($0) } ?? .null])
    }

    @discardableResult
    package func markDelivered(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle("state = 'delivered', finished_at = $3, claimed_by = NULL, lease_until = NULL", id, owner, [.date(at)])
    }

    @discardableResult
    package func markDead(_ id: DeliveryID, owner: String, reason: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "state = 'dead', finished_at = $3, last_error = $4, claimed_by = NULL, lease_until = NULL",
            id, owner, [.date(at), .text(reason)])
    }

    package func retry(_ id: DeliveryID, now: Date) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run(
                """
                UPDATE deliveries SET state = 'pending', next_attempt_at = $2, finished_at = NULL,
                    claimed_by = NULL, lease_until = NULL,
                    attempts = CASE destination_kind WHEN 'webhook' THEN 0 ELSE attempts END,
                    deadline = CASE destination_kind WHEN 'webhook' THEN $2 + webhook_lifetime ELSE deadline END
                WHERE id = $1 AND state = 'dead'
                """,
                [.integer(id.rawValue), .date(now)]) == 1
        }
    }

    /// Updates a message this owner still holds; false when the lease was lost (expired and taken).
    private func settle(
        _ assignments: String, _ id: DeliveryID, _ owner: String, _ values: [Database.Connection.Parameter]
    ) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run(
                "UPDATE deliveries SET \(assignments) WHERE id = $1 AND claimed_by = $2 AND state = 'pending'",
                [.integer(id.rawValue), .text(owner)] + values) == 1
        }
    }
}
