import Foundation

/// Token buckets in PostgreSQL: one `INSERT … ON CONFLICT … DO UPDATE … WHERE` refills and takes
/// in one statement; the row lock makes concurrent takers from every replica wait for each other.
extension PostgresCallBudgetStore {
    /// The bucket's tokens at `$2` (now), refilled at `$4` a second up to `$3` (the burst).
    private static let refilled =
        "LEAST($3::double precision, b.tokens + GREATEST(0, $2::double precision - b.updated_at) * $4::double precision)"

    public func takeToken(_ key: String, now: Date, rate: Double, burst: Double) async throws(CallBudgetStoreError) -> Bool {
        try await pool.storeTransaction { connection throws(PostgresError) -> Bool in
            try !connection.query(
                """
                INSERT INTO token_buckets AS b (key, tokens, updated_at) VALUES ($1, $3::double precision - 1, $2)
                ON CONFLICT (key) DO UPDATE
                    SET tokens = \(Self.refilled) - 1, updated_at = GREATEST(b.updated_at, $2::double precision)
                    WHERE \(Self.refilled) >= 1
                RETURNING tokens
                """, [.text(key), .real(now.timeIntervalSince1970), .real(burst), .real(rate)]
            ) { $0.double(0) }.isEmpty
        }
    }

    @discardableResult
    public func forgetTokenBuckets(idleSince date: Date) async throws(CallBudgetStoreError) -> Int {
        try await pool.storeTransaction { connection throws(PostgresError) -> Int in
            try connection.execute(
                "DELETE FROM token_buckets WHERE updated_at < $1", [.real(date.timeIntervalSince1970)]
            ).affectedRows
        }
    }
}
