import Foundation
import TenkiCore

extension SQLiteGeocodingStore {
    public func recentAnswers(limit: Int, now: Date) async throws(GeocodingStoreError) -> [RecentGeocoding] {
        let rows = try await database.storePerform { connection throws(SQLiteError) in
            try connection.query(
                """
                SELECT query, language, places, stored_at, expires_at FROM geocoding_answers
                WHERE expires_at > ?1 AND places <> '[]' ORDER BY stored_at DESC LIMIT ?2
                """, [.real(now.timeIntervalSince1970), .integer(Int64(max(0, limit)))]
            ) { ($0.text(0), $0.text(1), $0.text(2), $0.double(3), $0.double(4)) }
        }
        return rows.compactMap { query, language, json, storedAt, expiresAt in
            guard let language = WeatherLanguage(rawValue: language), let places = Self.decode(json), !places.isEmpty else { return nil }
            return RecentGeocoding(
                query: query, language: language,
                answer: StoredGeocoding(
                    places: places, storedAt: Date(timeIntervalSince1970: storedAt), expiresAt: Date(timeIntervalSince1970: expiresAt)))
        }
    }
}
