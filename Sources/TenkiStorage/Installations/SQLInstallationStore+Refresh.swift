import Foundation
import TenkiSecurity

/// Token rotation's lease: one replica at a time refreshes an installation's token. The lease is a
/// pair of columns on the installation's row, taken by one conditional UPDATE, so two replicas
/// asking at once cannot both get it (SQLite: the file's write lock; PostgreSQL: the row lock,
/// after which the second UPDATE re-reads the row and finds it claimed).
extension SQLInstallationStore {
    /// Due: `token_expires_at - now` at most `margin` ($2), or at most half the token's lifetime
    /// (from `updated_at`, when the token was written, to its expiry) when that is shorter. The
    /// same SQL on both databases (CASE: SQLite has no LEAST, PostgreSQL no two-argument min).
    static var due: String {
        """
        token_expires_at - CAST($1 AS DOUBLE PRECISION) <= CASE
            WHEN (token_expires_at - updated_at) / 2 < CAST($2 AS DOUBLE PRECISION) THEN (token_expires_at - updated_at) / 2
            ELSE CAST($2 AS DOUBLE PRECISION) END
        """
    }

    func keysDueForRefresh(margin: TimeInterval) async throws(InstallationStoreError) -> [String] {
        let now = clock.now()
        return try await database.storePerform(failing: InstallationStoreError.self) {
            connection throws(Database.DatabaseError) in
            try connection.query(
                "SELECT installation_key FROM installations WHERE \(Self.due) ORDER BY token_expires_at",
                [.date(now), .real(margin)]
            ) { $0.text(0) }
        }
    }

    func claimRefresh(
        key: String, owner: String, lease: TimeInterval, margin: TimeInterval
    ) async throws(InstallationStoreError) -> Installation? {
        let now = clock.now()
        let rows = try await database.storePerform(failing: InstallationStoreError.self) {
            connection throws(Database.DatabaseError) in
            try connection.query(
                """
                UPDATE installations SET refresh_claimed_by = $4, refresh_lease_until = $5
                WHERE installation_key = $3 AND \(Self.due)
                  AND (refresh_claimed_by IS NULL OR refresh_claimed_by = $4 OR refresh_lease_until <= $1)
                RETURNING \(InstallationColumns.select)
                """,
                [.date(now), .real(margin), .text(key), .text(owner), .date(now.addingTimeInterval(lease))]
            ) { InstallationColumns.sealed($0) }
        }
        guard let row = rows.first else { return nil }
        return try row.opened(with: sealer).installation
    }

    func completeRefresh(
        key: String, owner: String, botToken: SlackBotToken, rotation: TokenRotation
    ) async throws(InstallationStoreError) -> Bool {
        let sealedBot = sealer.seal(botToken.value, installationKey: key)
        let sealedRefresh = sealer.seal(rotation.refreshToken.value, installationKey: key)
        let now = clock.now()
        return try await database.storePerform(failing: InstallationStoreError.self) {
            connection throws(Database.DatabaseError) in
            try connection.run(
                """
                UPDATE installations SET bot_token = $3, refresh_token = $4, token_expires_at = $5, updated_at = $6,
                    refresh_claimed_by = NULL, refresh_lease_until = NULL
                WHERE installation_key = $1 AND refresh_claimed_by = $2
                """,
                [
                    .text(key), .text(owner), .text(sealedBot.text), .text(sealedRefresh.text), .date(rotation.expiresAt),
                    .date(now),
                ]
            ) > 0
        }
    }

    @discardableResult
    func releaseRefresh(key: String, owner: String) async throws(InstallationStoreError) -> Bool {
        try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.run(
                """
                UPDATE installations SET refresh_claimed_by = NULL, refresh_lease_until = NULL
                WHERE installation_key = $1 AND refresh_claimed_by = $2
                """,
                [.text(key), .text(owner)]) > 0
        }
    }
}
