import Foundation
import TenkiCore

/// The outbox in PostgreSQL, shared by any number of processes. A claim takes due rows with
/// `FOR UPDATE SKIP LOCKED` and stamps them with its owner and a lease in the same statement, so
/// two processes never hold one message; a claim not settled before its lease ends (a killed
/// replica) is taken by the next claim anywhere. Every settle checks the owner, as in SQLite.
public final class PostgresDeliveryStore: DeliveryStore {
    let database: PostgresPool

    /// Uses the process' pool; the schema must be migrated (`PostgresSchema.migrate`).
    public init(pool: PostgresPool) {
        database = pool
    }

    public func enqueue(_ delivery: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID {
        try await perform { connection throws(PostgresError) in try Self.insert(delivery, in: connection) }
    }

    /// Inserts a new pending message on `connection`, inside whatever transaction the caller holds:
    /// the digest ledger claims its slot and queues its message in one transaction with this.
    static func insert(_ delivery: NewDelivery, in connection: PostgresConnection) throws(PostgresError) -> DeliveryID {
        let id = try connection.query(
            """
            INSERT INTO deliveries (kind, destination_url, destination_kind, destination_host, destination_hash,
                body, state, created_at, deadline, max_uses, webhook_lifetime, next_attempt_at)
            VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11)
            RETURNING id
            """,
            [
                .text(delivery.kind), .text(delivery.destination.absoluteString), .text(delivery.destinationKind.rawValue),
                .text(DestinationFingerprint.host(of: delivery.destination)),
                .text(delivery.destinationHash), .blob(delivery.body),
                .real(delivery.createdAt.timeIntervalSince1970), .real(delivery.deadline.timeIntervalSince1970),
                delivery.maxUses.map { .integer(Int64($0)) } ?? .null,
                .real(delivery.deadline.timeIntervalSince(delivery.createdAt)),
                .real((delivery.firstAttemptAt ?? delivery.createdAt).timeIntervalSince1970),
            ]
        ) { $0.int64(0) }.first
        return DeliveryID(rawValue: id ?? 0)
    }

    public func claim(
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
                RETURNING deliveries.\(DeliveryColumns.claimed), next_attempt_at -- deliveries.id: picked has one too
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

    @discardableResult
    public func release(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "attempts = attempts - 1, next_attempt_at = $3, claimed_by = NULL, lease_until = NULL",
            id, owner, [.real(at.timeIntervalSince1970)])
    }

    public func takePostingTurn(
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

    @discardableResult
    public func reschedule(
        _ id: DeliveryID, owner: String, at: Date, lastError: String, body: [UInt8]?
    ) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "next_attempt_at = $3, last_error = $4, body = COALESCE($5::bytea, body), claimed_by = NULL, lease_until = NULL",
            id, owner, [.real(at.timeIntervalSince1970), .text(lastError), body.map { .blob($0) } ?? .null])
    }

    @discardableResult
    public func markDelivered(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "state = 'delivered', finished_at = $3, claimed_by = NULL, lease_until = NULL", id, owner,
            [.real(at.timeIntervalSince1970)])
    }

    @discardableResult
    public func markDead(_ id: DeliveryID, owner: String, reason: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "state = 'dead', finished_at = $3, last_error = $4, claimed_by = NULL, lease_until = NULL",
            id, owner, [.real(at.timeIntervalSince1970), .text(reason)])
    }

    public func retry(_ id: DeliveryID, now: Date) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(PostgresError) in
            try connection.execute(
                """
                UPDATE deliveries SET state = 'pending', next_attempt_at = $2, finished_at = NULL,
                    claimed_by = NULL, lease_until = NULL,
                    attempts = CASE destination_kind WHEN 'webhook' THEN 0 ELSE attempts END,
                    deadline = CASE destination_kind WHEN 'webhook' THEN $2 + webhook_lifetime ELSE deadline END
                WHERE id = $1 AND state = 'dead'
                """,
                [.integer(id.rawValue), .real(now.timeIntervalSince1970)]
            ).affectedRows == 1
        }
    }

    /// Updates a message this owner still holds; false when the lease was lost (expired and taken).
    private func settle(
        _ assignments: String, _ id: DeliveryID, _ owner: String, _ values: [PostgresValue]
    ) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(PostgresError) in
            try connection.execute(
                "UPDATE deliveries SET \(assignments) WHERE id = $1 AND claimed_by = $2 AND state = 'pending'",
                [.integer(id.rawValue), .text(owner)] + values
            ).affectedRows == 1
        }
    }
}
