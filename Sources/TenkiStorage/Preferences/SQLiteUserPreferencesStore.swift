import Foundation
import TenkiCore

/// Saved `/weather set` defaults in the state file, one row per (team, user).
public final class SQLiteUserPreferencesStore: UserPreferencesStore {
    private let database: SQLiteDatabase
    private let clock: any WallClock

    /// Uses an open state file (shared with the delivery queue), migrating it as needed.
    public init(database: SQLiteDatabase, clock: any WallClock = SystemWallClock()) throws(PreferencesStoreError) {
        self.database = database
        self.clock = clock
        do {
            try StateSchema.migrate(database)
        } catch {
            throw PreferencesStoreError(error.description)
        }
    }

    public func preferences(for key: UserKey) async throws(PreferencesStoreError) -> UserPreferences {
        try await database.storePerform { connection throws(SQLiteError) in
            try connection.query("SELECT place, units FROM user_preferences WHERE team = ?1 AND user = ?2", [.text(key.team), .text(key.user)]) {
                UserPreferences(place: $0.optionalText(0), units: $0.optionalText(1).flatMap(Units.init(rawValue:)))
            }.first ?? UserPreferences()
        }
    }

    public func save(_ preferences: UserPreferences, for key: UserKey) async throws(PreferencesStoreError) {
        let now = clock.now().timeIntervalSince1970
        try await database.storePerform { connection throws(SQLiteError) in
            _ = try connection.run(
                """
                INSERT INTO user_preferences (team, user, place, units, updated_at, installation_key)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (team, user) DO UPDATE SET place = excluded.place, units = excluded.units,
                    updated_at = excluded.updated_at, installation_key = excluded.installation_key
                """,
                [
                    .text(key.team), .text(key.user), preferences.place.map { .text($0) } ?? .null,
                    preferences.units.map { .text($0.rawValue) } ?? .null, .real(now), .text(key.installationKey),
                ])
        }
    }

    public func forget(_ key: UserKey) async throws(PreferencesStoreError) {
        try await database.storePerform { connection throws(SQLiteError) in
            _ = try connection.run("DELETE FROM user_preferences WHERE team = ?1 AND user = ?2", [.text(key.team), .text(key.user)])
        }
    }
}
