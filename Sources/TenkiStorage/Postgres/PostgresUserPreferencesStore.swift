import Foundation
import TenkiCore

/// Saved `/weather set` defaults in PostgreSQL, one row per (team, user): saved through one
/// replica, read by every other at once.
public final class PostgresUserPreferencesStore: UserPreferencesStore {
    private let pool: PostgresPool
    private let clock: any WallClock

    /// Uses the process' pool; the schema must be migrated (`PostgresSchema.migrate`).
    public init(pool: PostgresPool, clock: any WallClock = SystemWallClock()) {
        self.pool = pool
        self.clock = clock
    }

    public func preferences(for key: UserKey) async throws(PreferencesStoreError) -> UserPreferences {
        try await pool.storePerform { connection throws(PostgresError) in
            try connection.query(
                "SELECT place, units FROM user_preferences WHERE team = $1 AND \"user\" = $2", [.text(key.team), .text(key.user)]
            ) {
                UserPreferences(place: $0.optionalText(0), units: $0.optionalText(1).flatMap(Units.init(rawValue:)))
            }.first ?? UserPreferences()
        }
    }

    public func save(_ preferences: UserPreferences, for key: UserKey) async throws(PreferencesStoreError) {
        let now = clock.now().timeIntervalSince1970
        _ = try await pool.storePerform { connection throws(PostgresError) in
            try connection.execute(
                """
                INSERT INTO user_preferences (team, "user", place, units, updated_at, installation_key)
                VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (team, "user") DO UPDATE SET
                    place = excluded.place, units = excluded.units, updated_at = excluded.updated_at,
                    installation_key = excluded.installation_key
                """,
                [
                    .text(key.team), .text(key.user), preferences.place.map { .text($0) } ?? .null,
                    preferences.units.map { .text($0.rawValue) } ?? .null, .real(now), .text(key.installationKey),
                ])
        }
    }

    public func forget(_ key: UserKey) async throws(PreferencesStoreError) {
        _ = try await pool.storePerform { connection throws(PostgresError) in
            try connection.execute(
                "DELETE FROM user_preferences WHERE team = $1 AND \"user\" = $2", [.text(key.team), .text(key.user)])
        }
    }
}
