import Foundation

/// Token buckets in the state file: one `INSERT … ON CONFLICT … DO UPDATE … WHERE` refills and
/// takes in one statement, so processes sharing the file never take more than a bucket holds.
extension SQLiteCallBudgetStore {
    public func takeToken(_ key: String, now: Date, rate: Double, burst: Double) async throws(CallBudgetStoreError) -> Bool {
        do {
            return try await database.perform { connection throws(SQLiteError) -> Bool in
                try !connection.query(
                    """
                    INSERT INTO token_buckets (key, tokens, updated_at) VALUES (?1, ?3 - 1, ?2)
                    ON CONFLICT (key) DO UPDATE
                        SET tokens = MIN(?3, tokens + MAX(0, ?2 - updated_at) * ?4) - 1, updated_at = MAX(updated_at, ?2)
                        WHERE MIN(?3, tokens + MAX(0, ?2 - updated_at) * ?4) >= 1
                    RETURNING tokens
                    """, [.text(key), .real(now.timeIntervalSince1970), .real(burst), .real(rate)]
                ) { $0.double(0) }.isEmpty
            }
        } catch {
            throw CallBudgetStoreError(error.description)
        }
    }

    @discardableResult
    public func forgetTokenBuckets(idleSince date: Date) async throws(CallBudgetStoreError) -> Int {
        do {
            return try await database.perform { connection throws(SQLiteError) -> Int in
                try connection.run("DELETE FROM token_buckets WHERE updated_at < ?1", [.real(date.timeIntervalSince1970)])
            }
        } catch {
            throw CallBudgetStoreError(error.description)
        }
    }
}
