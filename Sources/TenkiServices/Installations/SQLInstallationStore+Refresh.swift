import Foundation

/// Token rotation's lease: one replica at a time refreshes an installation's token. The lease is a
/// pair of columns on the installation's row, taken by one conditional UPDATE, so two replicas
/// asking at once cannot both get it (SQLite: the file's write lock; PostgreSQL: the row lock,
/// after which the second UPDATE re-reads the row and finds it claimed).
extension SQLInstallationStore {
    func keysDueForRefresh(before date: Date) async throws(InstallationStoreError) -> [String] {
        try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.query(
                "SELECT installation_key FROM installations WHERE token_expires_at <= $1 ORDER BY token_expires_at",
                [.date(date)]
            ) { $0.text(0) }
        }
    }

    func claimRefresh(
        key: String, owner: String, lease: TimeInterval, refreshBefore: Date
    ) async throws(InstallationStoreError) -> Installation? {
        let now = clock.now()
        let rows = try await database.storePerform(failing: InstallationStoreError.self) {
            connection throws(Database.DatabaseError) in
            try connection.query(
                """
                UPDATE installations SET refresh_claimed_by = $2, refresh_lease_until = $3
                WHERE installation_key = $1 AND token_expires_at <= $4
                  AND (refresh_claimed_by IS NULL OR refresh_claimed_by = $2 OR refresh_lease_until <= $5)
                RETURNING \(InstallationColumns.select)
                """,
                [.text(key), .text(owner), .date(now.addingTimeInterval(lease)), .date(refreshBefore), .date(now)]
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
