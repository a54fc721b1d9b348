import Foundation
import Synchronization

/// Which Events API deliveries were already taken, by their `event_id`, shared by every replica:
/// Slack retries an event it got no quick 200 for (`X-Slack-Retry-Num` 1 to 3, within the hour),
/// and a retry may reach another replica, or reach this one again over Socket Mode. The first
/// sighting wins; a row is forgotten once it expires, so the table holds about an hour of events.
public protocol SeenEventStore: Sendable {
    /// Records `eventID` as seen until `until` and returns true when it was not seen before (or its
    /// earlier sighting has expired); false for a repeat. Expired rows are pruned a few at a time.
    func firstSighting(of eventID: String, at now: Date, until: Date) async throws(StateStoreError) -> Bool
}

/// How long a sighting is kept: longer than Slack's last retry (about 5 minutes after the first
/// attempt, then up to an hour when deliveries keep failing).
public enum SeenEvents {
    public static let keptFor: TimeInterval = 3600
    /// Expired rows removed by one sighting, so pruning never makes one insert slow.
    static let pruneBatch = 100
}

/// The sightings in the state database (the SQLite file or PostgreSQL): the same statements on both.
final class SQLSeenEventStore<Database: StateDatabase>: SeenEventStore {
    private let database: Database

    /// Uses an open database whose schema is migrated (`StateSchema.migrate`, `PostgresSchema.migrate`).
    init(database: Database) {
        self.database = database
    }

    func firstSighting(of eventID: String, at now: Date, until: Date) async throws(StateStoreError) -> Bool {
        try await database.storeTransaction { connection throws(Database.DatabaseError) -> Bool in
            try connection.run(
                """
                DELETE FROM seen_events WHERE event_id IN
                    (SELECT event_id FROM seen_events WHERE expires_at <= $1 LIMIT \(SeenEvents.pruneBatch))
                """, [.date(now)])
            // Inserted, or an expired row taken over: one row changed. A live row: none.
            let changed = try connection.run(
                """
                INSERT INTO seen_events (event_id, seen_at, expires_at) VALUES ($1, $2, $3)
                ON CONFLICT (event_id) DO UPDATE SET seen_at = excluded.seen_at, expires_at = excluded.expires_at
                WHERE seen_events.expires_at <= excluded.seen_at
                """, [.text(eventID), .date(now), .date(until)])
            return changed > 0
        }
    }
}

/// Sightings in memory, for one process (`tenki preview`, tests).
public final class InMemorySeenEventStore: SeenEventStore {
    private let seen = Mutex<[String: Date]>([:])

    public init() {}

    public func firstSighting(of eventID: String, at now: Date, until: Date) async throws(StateStoreError) -> Bool {
        seen.withLock { seen in
            if let expiry = seen[eventID], expiry > now { return false }
            if seen.count >= 10_000 { seen = seen.filter { $0.value > now } }
            seen[eventID] = until
            return true
        }
    }
}

/// The `seen_events` table, and the index the Home tab reads a user's subscriptions by: SQLite's
/// version 13, PostgreSQL's 8.
enum SeenEventSchema {
    static let sqlite = """
        CREATE TABLE seen_events (
            event_id TEXT PRIMARY KEY,                 -- Slack's event_id (Ev…)
            seen_at REAL NOT NULL,                     -- seconds since 1970
            expires_at REAL NOT NULL
        );
        CREATE INDEX seen_events_expiry ON seen_events (expires_at);
        CREATE INDEX subscriptions_creator ON subscriptions (team, created_by);
        """

    static let postgres = """
        CREATE TABLE seen_events (
            event_id text PRIMARY KEY,
            seen_at double precision NOT NULL,
            expires_at double precision NOT NULL
        );
        CREATE INDEX seen_events_expiry ON seen_events (expires_at);
        CREATE INDEX subscriptions_creator ON subscriptions (team, created_by);
        """
}
