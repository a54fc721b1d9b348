import Foundation
import TenkiCore
import TenkiSecurity

/// Installations in the state database, the SQLite file or PostgreSQL (shared by every replica):
/// the same statements on both. Tokens are sealed with `sealer` before any statement sees them.
final class SQLInstallationStore<Database: StateDatabase>: InstallationStore {
    let database: Database
    let sealer: TokenSealer
    let clock: any WallClock

    /// Uses an open database whose schema is migrated (`StateSchema.migrate`, `PostgresSchema.migrate`).
    init(database: Database, sealer: TokenSealer, clock: any WallClock) {
        self.database = database
        self.sealer = sealer
        self.clock = clock
    }

    func save(_ installation: Installation) async throws(InstallationStoreError) {
        let row = try SealedInstallation(sealing: installation, with: sealer)
        let now = clock.now()
        _ = try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.run(InstallationColumns.upsert, InstallationColumns.upsertValues(row, updatedAt: now))
        }
    }

    func installation(enterprise: String?, team: String) async throws(InstallationStoreError) -> Installation? {
        // The workspace's own install first; then its organisation's org-wide one.
        let rows = try await select(
            """
            WHERE (installation_key = $1 AND is_enterprise_install = 0)
               OR (installation_key = $2 AND is_enterprise_install = 1)
            ORDER BY is_enterprise_install LIMIT 1
            """,
            [.text(team), enterprise.map { .text($0) } ?? .null])
        guard let row = rows.first else { return nil }
        return try await opening(row)
    }

    @discardableResult
    func deleteInstallation(key: String) async throws(InstallationStoreError) -> Bool {
        try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.run("DELETE FROM installations WHERE installation_key = $1", [.text(key)]) > 0
        }
    }

    func count() async throws(InstallationStoreError) -> Int {
        try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.query("SELECT COUNT(*) FROM installations", []) { $0.int(0) }.first ?? 0
        }
    }

    /// The rows `filter` selects, tokens sealed.
    func select(
        _ filter: String, _ values: [Database.Connection.Parameter]
    ) async throws(InstallationStoreError) -> [SealedInstallation] {
        try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.query("SELECT \(InstallationColumns.select) FROM installations \(filter)", values) {
                InstallationColumns.sealed($0)
            }
        }
    }

    /// `row` with its tokens opened. Tokens sealed under the previous key are sealed again under
    /// the current one and written back, unless the row changed meanwhile (a new install or a
    /// refresh wrote newer tokens, already under the current key).
    func opening(_ row: SealedInstallation) async throws(InstallationStoreError) -> Installation {
        let (installation, needsResealing) = try row.opened(with: sealer)
        guard needsResealing else { return installation }
        let resealed = try SealedInstallation(sealing: installation, with: sealer)
        let (key, oldBotToken) = (row.key, row.botToken.text)
        _ = try await database.storePerform(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            try connection.run(
                "UPDATE installations SET bot_token = $1, refresh_token = $2 WHERE installation_key = $3 AND bot_token = $4",
                [
                    .text(resealed.botToken.text), resealed.refreshToken.map { .text($0.text) } ?? .null, .text(key),
                    .text(oldBotToken),
                ])
        }
        return installation
    }
}

/// The installation and OAuth state stores of one state database, built once the schema is
/// migrated (the composition root makes them beside `StateStores`).
public struct InstallationStores: Sendable {
    public let installations: any InstallationStore
    public let oauthStates: any OAuthStateStore

    /// On an open SQLite state file, migrating it as needed.
    public static func sqlite(
        _ database: SQLiteDatabase, sealer: TokenSealer, clock: any WallClock = SystemWallClock()
    ) throws(DeliveryStoreError) -> InstallationStores {
        try StateSchema.migrate(database)
        return InstallationStores(
            installations: SQLInstallationStore(database: database, sealer: sealer, clock: clock),
            oauthStates: SQLOAuthStateStore(database: database, clock: clock))
    }

    /// On a PostgreSQL pool whose schema is migrated (`PostgresSchema.migrate`, which `StateStores.postgres` runs).
    public static func postgres(
        _ pool: PostgresPool, sealer: TokenSealer, clock: any WallClock = SystemWallClock()
    ) -> InstallationStores {
        InstallationStores(
            installations: SQLInstallationStore(database: pool, sealer: sealer, clock: clock),
            oauthStates: SQLOAuthStateStore(database: pool, clock: clock))
    }
}
