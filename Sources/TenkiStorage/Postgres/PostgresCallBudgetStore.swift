/// Daily call budgets in PostgreSQL, one row per (upstream, UTC day). Taking a call is one
/// `INSERT … ON CONFLICT … DO UPDATE … WHERE used < limit RETURNING used`: the row lock makes
/// concurrent takers from every replica wait for each other, so together they never pass the limit.
public final class PostgresCallBudgetStore: CallBudgetStore {
    let pool: PostgresPool

    /// Uses the process' pool; the schema must be migrated (`PostgresSchema.migrate`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func consume(upstream: String, day: Int, limit: Int) async throws(CallBudgetStoreError) -> Int? {
        guard limit > 0 else { return nil }
        return try await pool.storeTransaction { connection throws(PostgresError) -> Int? in
            let used = try connection.query(
                """
                INSERT INTO call_budgets AS b (upstream, day, used) VALUES ($1, $2, 1)
                ON CONFLICT (upstream, day) DO UPDATE SET used = b.used + 1 WHERE b.used < $3
                RETURNING used
                """, [.text(upstream), .integer(Int64(day)), .integer(Int64(limit))]
            ) { $0.int(0) }.first
            if used == 1 {
                try connection.execute(
                    "DELETE FROM call_budgets WHERE upstream = $1 AND day < $2",
                    [.text(upstream), .integer(Int64(day - SQLiteCallBudgetStore.keptDays))])
            }
            return used.map { limit - $0 }
        }
    }

    public func used(upstream: String, day: Int) async throws(CallBudgetStoreError) -> Int {
        try await pool.storeTransaction { connection throws(PostgresError) -> Int in
            try connection.query(
                "SELECT used FROM call_budgets WHERE upstream = $1 AND day = $2", [.text(upstream), .integer(Int64(day))]
            ) { $0.int(0) }.first ?? 0
        }
    }
}
