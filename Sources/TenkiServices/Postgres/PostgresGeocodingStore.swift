import Foundation
import TenkiCore

/// Geocoding answers in PostgreSQL, one row per (normalised query, language), the matches as JSON
/// in the same form as the SQLite store. A row that cannot be decoded reads as absent.
public final class PostgresGeocodingStore: GeocodingStore {
    let pool: PostgresPool

    /// Uses the process' pool; the schema must be migrated (`PostgresSchema.migrate`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func answer(
        for query: String, language: WeatherLanguage, now: Date
    ) async throws(GeocodingStoreError) -> StoredGeocoding? {
        let key = GeocodingKey(query: query, language: language)
        let row = try await pool.storePerform { connection throws(PostgresError) in
            try connection.query(
                """
                SELECT places, stored_at, expires_at FROM geocoding_answers
                WHERE query = $1 AND language = $2 AND expires_at > $3
                """, [.text(key.query), .text(key.language.rawValue), .real(now.timeIntervalSince1970)]
            ) { ($0.text(0), $0.double(1), $0.double(2)) }.first
        }
        guard let (json, storedAt, expiresAt) = row, let places = SQLiteGeocodingStore.decode(json) else { return nil }
        return StoredGeocoding(
            places: places, storedAt: Date(timeIntervalSince1970: storedAt), expiresAt: Date(timeIntervalSince1970: expiresAt))
    }

    public func save(_ answer: StoredGeocoding, for query: String, language: WeatherLanguage) async throws(GeocodingStoreError) {
        let key = GeocodingKey(query: query, language: language)
        let json = SQLiteGeocodingStore.encode(answer.places)
        try await pool.storePerform { connection throws(PostgresError) in
            try PostgresPool.transaction(on: connection) { connection throws(PostgresError) in
                try connection.execute(
                    "DELETE FROM geocoding_answers WHERE expires_at <= $1", [.real(answer.storedAt.timeIntervalSince1970)])
                try connection.execute(
                    """
                    INSERT INTO geocoding_answers (query, language, places, stored_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (query, language) DO UPDATE SET
                        places = excluded.places, stored_at = excluded.stored_at, expires_at = excluded.expires_at
                    """,
                    [
                        .text(key.query), .text(key.language.rawValue), .text(json),
                        .real(answer.storedAt.timeIntervalSince1970), .real(answer.expiresAt.timeIntervalSince1970),
                    ])
            }
        }
    }
}
