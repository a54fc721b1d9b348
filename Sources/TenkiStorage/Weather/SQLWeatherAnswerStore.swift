import Foundation

/// Weather answers in the state database (the SQLite file or PostgreSQL), one row per key: the
/// same statements on both, so every process on the database shares them.
final class SQLWeatherAnswerStore<Database: StateDatabase>: WeatherAnswerStore {
    private let database: Database

    /// Uses an open database whose schema is migrated (`StateSchema.migrate`, `PostgresSchema.migrate`).
    init(database: Database) {
        self.database = database
    }

    func answer(for key: String, fetchedAfter: Date, now: Date) async throws(StateStoreError) -> StoredWeatherAnswer? {
        let row = try await database.storePerform { connection throws(Database.DatabaseError) in
            try connection.query(
                "SELECT body, fetched_at, expires_at FROM weather_answers WHERE key = $1 AND fetched_at > $2 AND expires_at > $3",
                [.text(key), .date(fetchedAfter), .date(now)]
            ) { ($0.text(0), $0.date(1), $0.date(2)) }.first
        }
        return row.map { StoredWeatherAnswer(body: $0.0, fetchedAt: $0.1, expiresAt: $0.2) }
    }

    /// Keeps the later of two answers for a key: writes are deferred and replicas share the table,
    /// so an older answer may arrive last.
    func save(_ answer: StoredWeatherAnswer, for key: String) async throws(StateStoreError) {
        try await database.storeTransaction { connection throws(Database.DatabaseError) in
            try connection.run("DELETE FROM weather_answers WHERE expires_at <= $1", [.date(answer.fetchedAt)])
            try connection.run(
                """
                INSERT INTO weather_answers (key, body, fetched_at, expires_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (key) DO UPDATE SET
                    body = excluded.body, fetched_at = excluded.fetched_at, expires_at = excluded.expires_at
                WHERE excluded.fetched_at >= weather_answers.fetched_at
                """,
                [.text(key), .text(answer.body), .date(answer.fetchedAt), .date(answer.expiresAt)])
        }
    }
}

/// The `weather_answers` table: SQLite's version 15, PostgreSQL's 10.
enum WeatherAnswerSchema {
    static let sqlite = """
        CREATE TABLE weather_answers (
            key TEXT PRIMARY KEY,                      -- what was asked: kind, place cell, units, language
            body TEXT NOT NULL,                        -- the answer, JSON
            fetched_at REAL NOT NULL,
            expires_at REAL NOT NULL
        );
        CREATE INDEX weather_answers_expiry ON weather_answers (expires_at);
        """

    static let postgres = """
        CREATE TABLE weather_answers (
            key text PRIMARY KEY,
            body text NOT NULL,
            fetched_at double precision NOT NULL,
            expires_at double precision NOT NULL
        );
        CREATE INDEX weather_answers_expiry ON weather_answers (expires_at);
        """
}
