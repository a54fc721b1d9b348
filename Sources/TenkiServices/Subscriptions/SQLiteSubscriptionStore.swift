import Foundation
import TenkiCore

/// Subscriptions in the state file.
public final class SQLiteSubscriptionStore: SubscriptionStore {
    private let database: SQLiteDatabase

    /// Uses an open state file (shared with the other stores), migrating it as needed.
    public init(database: SQLiteDatabase) throws(StateStoreError) {
        self.database = database
        do {
            try StateSchema.migrate(database)
        } catch {
            throw StateStoreError(error.description)
        }
    }

    public func add(_ subscription: Subscription, limit: Int) async throws(StateStoreError) -> SubscriptionAddResult {
        try await database.storeTransaction { connection throws(SQLiteError) in
            let held = try connection.query(
                "SELECT count(*) FROM subscriptions WHERE team = ?1 AND channel = ?2",
                [.text(subscription.team), .text(subscription.channel)]) { $0.int(0) }.first ?? 0
            guard held < limit else { return .channelFull(held) }
            let id = try connection.query(
                """
                INSERT INTO subscriptions (team, channel, kind, local_time, days, title, latitude, longitude, time_zone,
                    language, units, created_by, created_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) RETURNING id
                """,
                SubscriptionColumns.insertValues(subscription)
            ) { $0.int64(0) }.first ?? 0
            var saved = subscription
            saved.id = id
            return .added(saved)
        }
    }

    public func subscriptions(team: String, channel: String) async throws(StateStoreError) -> [Subscription] {
        try await select("WHERE team = ?1 AND channel = ?2", [.text(team), .text(channel)])
    }

    public func all() async throws(StateStoreError) -> [Subscription] {
        try await select("", [])
    }

    public func remove(_ ids: [Int64], team: String?, channel: String?) async throws(StateStoreError) -> Int {
        try await database.storeTransaction { connection throws(SQLiteError) in
            var removed = 0
            for id in ids {
                removed += try connection.run(
                    "DELETE FROM subscriptions WHERE id = ?1 AND (?2 IS NULL OR team = ?2) AND (?3 IS NULL OR channel = ?3)",
                    [.integer(id), team.map { .text($0) } ?? .null, channel.map { .text($0) } ?? .null])
            }
            return removed
        }
    }

    public func recordPost(_ id: Int64, delivered: Bool, reason: String?) async throws(StateStoreError) -> Subscription? {
        let pauseAt = Subscription.deadPostsBeforePause
        let changed = try await database.storePerform { connection throws(SQLiteError) in
            try connection.run(
                delivered
                    ? "UPDATE subscriptions SET dead_in_a_row = 0, paused_reason = NULL WHERE id = ?1"
                    : """
                    UPDATE subscriptions SET dead_in_a_row = dead_in_a_row + 1,
                        paused_reason = CASE WHEN dead_in_a_row + 1 >= ?2 THEN ?3 ELSE paused_reason END
                    WHERE id = ?1
                    """,
                delivered ? [.integer(id)] : [.integer(id), .integer(Int64(pauseAt)), .text(reason ?? "posts failed")])
        }
        guard changed > 0 else { return nil }
        return try await select("WHERE id = ?1", [.integer(id)]).first
    }

    private func select(_ filter: String, _ values: [SQLiteValue]) async throws(StateStoreError) -> [Subscription] {
        try await database.storePerform { connection throws(SQLiteError) in
            try connection.query(
                "SELECT \(SubscriptionColumns.select) FROM subscriptions \(filter) ORDER BY id", values,
                row: SubscriptionColumns.subscription
            ).compactMap { $0 }
        }
    }
}
