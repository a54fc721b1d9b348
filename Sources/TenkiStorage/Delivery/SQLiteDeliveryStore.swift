import Foundation
import TenkiCore

/// The outbox in the SQLite state file. Safe to open from several processes at once (WAL, busy
/// timeout, `BEGIN IMMEDIATE` around every read-then-write), and from many tasks in one process
/// (one connection behind a lock). Calls block the calling thread for the length of one small
/// transaction.
package final class SQLiteDeliveryStore: SQLOutbox {
    package let database: SQLiteDatabase

    /// Opens the state file at `path`, creating and migrating it as needed.
    package init(path: String, busyTimeout: Duration = .seconds(5)) throws(DeliveryStoreError) {
        do {
            database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
        } catch {
            throw .storage(error.description)
        }
        try StateSchema.migrate(database)
    }

    /// Uses an open state file (shared with the other stores of the process).
    package init(database: SQLiteDatabase) throws(DeliveryStoreError) {
        self.database = database
        try StateSchema.migrate(database)
    }

    package static func reading(_ index: String) -> String { " INDEXED BY \(index)" }

    /// None: a seek per destination costs no round trip here.
    package static var destinationWalkQuery: String? { nil }

    /// The schema version of the open file, for tests and diagnostics.
    package func schemaVersion() async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(SQLiteError) in try StateSchema.userVersion(connection) }
    }

    package func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        let at = now.timeIntervalSince1970
        let walkStart = Self.randomWalkStart()
        return try await transaction { connection throws(SQLiteError) in
            let ids = try Self.pickDue(
                at: at, perDestination: perDestination, limit: limit, walkFrom: walkStart, on: connection)
            var claimed: [ClaimedDelivery] = []
            for id in ids {
                // Bodies are read for the rows claimed only, by primary key (one fixed statement).
                guard
                    let row = try connection.query(
                        "SELECT \(DeliveryColumns.claimed) FROM deliveries WHERE id = ?1", [.integer(id)],
                        row: { row throws(SQLiteError) in
                            // `attempts` as stored before this claim counts it.
                            (
                                id: DeliveryID(rawValue: row.int64(0)),
                                delivery: DeliveryColumns.claimed(row, attempt: row.int(7) + 1)
                            )
                        }
                    ).first
                else { continue }
                guard let delivery = row.delivery else {
                    try Self.settleUnreadable(row.id.rawValue, at: at, on: connection)
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
}
