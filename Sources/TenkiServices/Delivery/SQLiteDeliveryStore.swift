import Foundation
import TenkiCore

/// The outbox in the SQLite state file. Safe to open from several processes at once (WAL, busy
/// timeout, `BEGIN IMMEDIATE` around every read-then-write), and from many tasks in one process
/// (one connection behind a lock). Calls block the calling thread for the length of one small
/// transaction.
public final class SQLiteDeliveryStore: DeliveryStore {
    let database: SQLiteDatabase

    /// Opens the state file at `path`, creating and migrating it as needed.
    public init(path: String, busyTimeout: Duration = .seconds(5)) throws(DeliveryStoreError) {
        do {
            database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
        } catch {
            throw .storage(error.description)
        }
        try StateSchema.migrate(database)
    }

    /// Uses an open state file (shared with the other stores of the process).
    public init(database: SQLiteDatabase) throws(DeliveryStoreError) {
        self.database = database
        try StateSchema.migrate(database)
    }

    /// The schema version of the open file, for tests and diagnostics.
    public func schemaVersion() async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(SQLiteError) in try StateSchema.userVersion(connection) }
    }

    public func enqueue(_ delivery: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID {
        try await perform { connection throws(SQLiteError) in try Self.insert(delivery, in: connection) }
    }

    /// Inserts a new pending message on `connection`, inside whatever transaction the caller holds:
    /// the digest ledger claims its slot and queues its message in one transaction with this.
    public static func insert(_ delivery: NewDelivery, in connection: SQLiteConnection) throws(SQLiteError) -> DeliveryID {
        try connection.run(
            """
            INSERT INTO deliveries (kind, destination_url, destination_kind, destination_host, destination_hash,
                body, state, created_at, deadline, max_uses, webhook_lifetime, next_attempt_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7, ?8, ?9, ?10, ?11)
            """,
            [
                .text(delivery.kind), .text(delivery.destination.absoluteString), .text(delivery.destinationKind.rawValue),
                .text(DestinationFingerprint.host(of: delivery.destination)),
                .text(delivery.destinationHash), .blob(delivery.body),
                .real(delivery.createdAt.timeIntervalSince1970), .real(delivery.deadline.timeIntervalSince1970),
                delivery.maxUses.map { .integer(Int64($0)) } ?? .null,
                .real(delivery.deadline.timeIntervalSince(delivery.createdAt)),
                .real((delivery.firstAttemptAt ?? delivery.createdAt).timeIntervalSince1970),
            ])
        return DeliveryID(rawValue: connection.lastInsertRowID)
    }

    public func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        let at = now.timeIntervalSince1970
        return try await transaction { connection throws(SQLiteError) in
            // The window keeps one busy destination from filling the whole batch.
            let rows = try connection.query(
                """
                SELECT \(DeliveryColumns.claimed)
                FROM (
                    SELECT *, ROW_NUMBER() OVER (PARTITION BY destination_hash ORDER BY next_attempt_at, id) AS rank
                    FROM deliveries
                    WHERE state = 'pending' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                )
                WHERE rank <= ?2
                ORDER BY next_attempt_at, id
                LIMIT ?3
                """,
                [.real(at), .integer(Int64(max(1, perDestination))), .integer(Int64(max(1, limit)))]
            ) { row throws(SQLiteError) in
                // `attempts` as stored before this claim counts it.
                (id: DeliveryID(rawValue: row.int64(0)), delivery: DeliveryColumns.claimed(row, attempt: row.int(7) + 1))
            }
            var claimed: [ClaimedDelivery] = []
            for row in rows {
                guard let delivery = row.delivery else {
                    // A URL that no longer parses can never be sent: settle it rather than claim it forever.
                    try connection.run(
                        "UPDATE deliveries SET state = 'dead', last_error = 'destination URL unreadable', finished_at = ?2 WHERE id = ?1",
                        [.integer(row.id.rawValue), .real(at)])
                    continue
                }
                try connection.run(
                    "UPDATE deliveries SET claimed_by = ?2, lease_until = ?3, attempts = attempts + 1 WHERE id = ?1",
                    [.integer(delivery.id.rawValue), .text(owner), .real(at + leaseDuration)])
                claimed.append(delivery)
            }
            return claimed
        }
    }

    @discardableResult
    public func release(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "attempts = attempts - 1, next_attempt_at = ?3, claimed_by = NULL, lease_until = NULL",
            id, owner, [.real(at.timeIntervalSince1970)])
    }

    public func takePostingTurn(
        _ destinationHash: String, now: Date, interval: TimeInterval
    ) async throws(DeliveryStoreError) -> Date? {
        let (time, step) = (now.timeIntervalSince1970, interval)
        return try await transaction { connection throws(SQLiteError) -> Date? in
                let taken = try connection.query(
                    """
                    INSERT INTO destination_pacing (destination_hash, next_at) VALUES (?1, ?2 + ?3)
                    ON CONFLICT (destination_hash) DO UPDATE SET next_at = excluded.next_at WHERE next_at <= ?2
                    RETURNING next_at
                    """, [.text(destinationHash), .real(time), .real(step)]) { $0.double(0) }
                guard taken.isEmpty else { return nil }
                return try connection.query(
                    "SELECT next_at FROM destination_pacing WHERE destination_hash = ?1", [.text(destinationHash)]
                ) { Date(timeIntervalSince1970: $0.double(0)) }.first
        }
    }

    @discardableResult
    public func reschedule(
        _ id: DeliveryID, owner: String, at: Date, lastError: String, body: [UInt8]?
    ) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            """
            next_attempt_at = ?3, last_error = ?4, body = COALESCE(?5, body), claimed_by = NULL, lease_until = NULL
            """,
            id, owner, [.real(at.timeIntervalSince1970), .text(lastError), body.map { .blob($0) } ?? .null])
    }

    @discardableResult
    public func markDelivered(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "state = 'delivered', finished_at = ?3, claimed_by = NULL, lease_until = NULL",
            id, owner, [.real(at.timeIntervalSince1970)])
    }

    @discardableResult
    public func markDead(_ id: DeliveryID, owner: String, reason: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        try await settle(
            "state = 'dead', finished_at = ?3, last_error = ?4, claimed_by = NULL, lease_until = NULL",
            id, owner, [.real(at.timeIntervalSince1970), .text(reason)])
    }

    public func retry(_ id: DeliveryID, now: Date) async throws(DeliveryStoreError) -> Bool {
        let at = now.timeIntervalSince1970
        return try await perform { connection throws(SQLiteError) in
            try connection.run(
                """
                UPDATE deliveries SET state = 'pending', next_attempt_at = ?2, finished_at = NULL,
                    claimed_by = NULL, lease_until = NULL,
                    attempts = CASE destination_kind WHEN 'webhook' THEN 0 ELSE attempts END,
                    deadline = CASE destination_kind WHEN 'webhook' THEN ?2 + webhook_lifetime ELSE deadline END
                WHERE id = ?1 AND state = 'dead'
                """,
                [.integer(id.rawValue), .real(at)]) == 1
        }
    }

    /// Updates a message this owner still holds; false when the lease was lost (expired and taken).
    private func settle(
        _ assignments: String, _ id: DeliveryID, _ owner: String, _ values: [SQLiteValue]
    ) async throws(DeliveryStoreError) -> Bool {
        try await perform { connection throws(SQLiteError) in
            try connection.run(
                "UPDATE deliveries SET \(assignments) WHERE id = ?1 AND claimed_by = ?2 AND state = 'pending'",
                [.integer(id.rawValue), .text(owner)] + values) == 1
        }
    }
}
