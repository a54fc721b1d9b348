/// Daily call budgets in the state file, one row per (upstream, UTC day); a user's share is an
/// upstream of its own (`newsapi/user/U123`). Taking a call is one
/// `INSERT … ON CONFLICT … WHERE used < limit RETURNING used` statement, so processes sharing the
/// file never grant more than the limit between them.
public final class SQLiteCallBudgetStore: CallBudgetStore {
    let database: SQLiteDatabase
    /// Rows older than this many days are deleted when a new day's first call is taken.
    static let keptDays = 7

    /// Uses an open state file, migrating it as needed.
    public init(database: SQLiteDatabase) throws(CallBudgetStoreError) {
        self.database = database
        do {
            try StateSchema.migrate(database)
        } catch {
            throw CallBudgetStoreError(error.description)
        }
    }

    public func consume(upstream: String, day: Int, limit: Int) async throws(CallBudgetStoreError) -> Int? {
        guard limit > 0 else { return nil }
        do {
            return try await database.performTransaction { connection throws(SQLiteError) -> Int? in
                let used = try connection.query(
                    """
                    INSERT INTO call_budgets (upstream, day, used) VALUES (?1, ?2, 1)
                    ON CONFLICT (upstream, day) DO UPDATE SET used = used + 1 WHERE used < ?3
                    RETURNING used
                    """, [.text(upstream), .integer(Int64(day)), .integer(Int64(limit))]
                ) { $0.int(0) }.first
                if used == 1 {
                    _ = try connection.run(
                        "DELETE FROM call_budgets WHERE day < ?1", [.integer(Int64(day - Self.keptDays))])
                }
                return used.map { limit - $0 }
            }
        } catch {
            throw CallBudgetStoreError(error.description)
        }
    }

    public func used(upstream: String, day: Int) async throws(CallBudgetStoreError) -> Int {
        do {
            return try await database.perform { connection throws(SQLiteError) -> Int in
                try connection.query(
                    "SELECT used FROM call_budgets WHERE upstream = ?1 AND day = ?2", [.text(upstream), .integer(Int64(day))]
                ) { $0.int(0) }.first ?? 0
            }
        } catch {
            throw CallBudgetStoreError(error.description)
        }
    }
}
