import Foundation
import TenkiCore

/// Geocoding answers in the state database (the SQLite file or PostgreSQL), one row per
/// (normalised query, language), the matches as JSON: the same statements on both. Every process
/// on the database shares them, and they survive restarts. A row that cannot be decoded reads as
/// absent: the next lookup asks the geocoder and overwrites it.
final class SQLGeocodingStore<Database: StateDatabase>: GeocodingStore {
    private let database: Database

    /// Uses an open database whose schema is migrated (`StateSchema.migrate`, `PostgresSchema.migrate`).
    init(database: Database) {
        self.database = database
    }

    func answer(
        for query: String, language: WeatherLanguage, now: Date
    ) async throws(GeocodingStoreError) -> StoredGeocoding? {
        let key = GeocodingKey(query: query, language: language)
        let row = try await database.storePerform { connection throws(Database.DatabaseError) in
            try connection.query(
                """
                SELECT places, stored_at, expires_at FROM geocoding_answers
                WHERE query = $1 AND language = $2 AND expires_at > $3
                """, [.text(key.query), .text(key.language.rawValue), .date(now)]
            ) { ($0.text(0), $0.date(1), $0.date(2)) }.first
        }
        guard let (json, storedAt, expiresAt) = row, let places = Self.decode(json) else { return nil }
        return StoredGeocoding(places: places, storedAt: storedAt, expiresAt: expiresAt)
    }

    func save(_ answer: StoredGeocoding, for query: String, language: WeatherLanguage) async throws(GeocodingStoreError) {
        let key = GeocodingKey(query: query, language: language)
        let json = Self.encode(answer.places)
        try await database.storeTransaction { connection throws(Database.DatabaseError) in
            try connection.run("DELETE FROM geocoding_answers WHERE expires_at <= $1", [.date(answer.storedAt)])
            try connection.run(
                """
                INSERT INTO geocoding_answers (query, language, places, stored_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (query, language) DO UPDATE SET
                    places = excluded.places, stored_at = excluded.stored_at, expires_at = excluded.expires_at
                """,
                [.text(key.query), .text(key.language.rawValue), .text(json), .date(answer.storedAt), .date(answer.expiresAt)])
        }
    }

    func recentAnswers(limit: Int, now: Date) async throws(GeocodingStoreError) -> [RecentGeocoding] {
        let rows = try await database.storePerform { connection throws(Database.DatabaseError) in
            try connection.query(
                """
                SELECT query, language, places, stored_at, expires_at FROM geocoding_answers
                WHERE expires_at > $1 AND places <> '[]' ORDER BY stored_at DESC LIMIT $2
                """, [.date(now), .integer(Int64(max(0, limit)))]
            ) { ($0.text(0), $0.text(1), $0.text(2), $0.date(3), $0.date(4)) }
        }
        return rows.compactMap { query, language, json, storedAt, expiresAt in
            guard let language = WeatherLanguage(rawValue: language), let places = Self.decode(json), !places.isEmpty else {
                return nil
            }
            return RecentGeocoding(
                query: query, language: language, answer: StoredGeocoding(places: places, storedAt: storedAt, expiresAt: expiresAt))
        }
    }

    /// The stored form of one match; its own type so that `Place` stays free of a storage format.
    private struct Row: Codable {
        var name: String
        var localizedName: String?
        var state: String?
        var countryCode: String
        var latitude: Double
        var longitude: Double
    }

    static func encode(_ places: [Place]) -> String {
        let rows = places.map {
            Row(
                name: $0.name, localizedName: $0.localizedName, state: $0.state, countryCode: $0.countryCode,
                latitude: $0.coordinates.latitude, longitude: $0.coordinates.longitude)
        }
        let data = (try? JSONEncoder().encode(rows)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ json: String) -> [Place]? {
        guard let rows = try? JSONDecoder().decode([Row].self, from: Data(json.utf8)) else { return nil }
        return rows.map {
            Place(
                name: $0.name, localizedName: $0.localizedName, state: $0.state, countryCode: $0.countryCode,
                coordinates: Coordinates(latitude: $0.latitude, longitude: $0.longitude))
        }
    }
}
