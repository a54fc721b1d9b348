import Foundation
import TenkiCore

/// Subscriptions in the state database, the SQLite file or PostgreSQL (shared by every replica):
/// the same statements on both.
final class SQLSubscriptionStore<Database: StateDatabase>: SubscriptionStore {
    private let database: Database

    /// Uses an open database whose schema is migrated (`StateSchema.migrate`, `PostgresSchema.migrate`).
    init(database: Database) {
        self.database = database
    }

    func add(_ subscription: Subscription, limit: Int) async throws(StateStoreError) -> SubscriptionAddResult {
        try await database.storeTransaction { connection throws(Database.DatabaseError) in
            // One channel's adds, one at a time across processes, until the transaction ends.
            try connection.lockUntilCommit("tenki.subscriptions:\(subscription.team):\(subscription.channel)")
            let held = try connection.query(
                "SELECT count(*) FROM subscriptions WHERE team = $1 AND channel = $2",
                [.text(subscription.team), .text(subscription.channel)]) { $0.int(0) }.first ?? 0
            guard held < limit else { return .channelFull(held) }
            let id = try connection.query(
                """
                INSERT INTO subscriptions (team, channel, kind, local_time, days, title, latitude, longitude, time_zone,
                    language, units, created_by, created_at, installation_key)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id
                """,
                SubscriptionColumns.insertValues(subscription)
            ) { $0.int64(0) }.first ?? 0
            var saved = subscription
            saved.id = id
            return .added(saved)
        }
    }

    func subscriptions(team: String, channel: String) async throws(StateStoreError) -> [Subscription] {
        try await select("WHERE team = $1 AND channel = $2", [.text(team), .text(channel)])
    }

    func subscriptions(team: String, createdBy user: String) async throws(StateStoreError) -> [Subscription] {
        try await select("WHERE team = $1 AND created_by = $2", [.text(team), .text(user)])
    }

    func all() async throws(StateStoreError) -> [Subscription] {
        try await select("", [])
    }

    func remove(_ ids: [Int64], team: String?, channel: String?) async throws(StateStoreError) -> Int {
        try await database.storeTransaction { connection throws(Database.DatabaseError) in
            var removed = 0
            for id in ids {
                removed += try connection.query(
                    """
                    DELETE FROM subscriptions
                    WHERE id = $1 AND (CAST($2 AS TEXT) IS NULL OR team = $2) AND (CAST($3 AS TEXT) IS NULL OR channel = $3)
                    RETURNING id
                    """,
                    [.integer(id), team.map { .text($0) } ?? .null, channel.map { .text($0) } ?? .null]) { $0.int64(0) }.count
            }
            return removed
        }
    }

    func recordPost(_ id: Int64, delivered: Bool, reason: String?) async throws(StateStoreError) -> Subscription? {
        let changed = try await database.storePerform { connection throws(Database.DatabaseError) in
            try connection.query(
                delivered
                    ? "UPDATE subscriptions SET dead_in_a_row = 0, paused_reason = NULL WHERE id = $1 RETURNING id"
                    : """
                    UPDATE subscriptions SET dead_in_a_row = dead_in_a_row + 1,
                        paused_reason = CASE WHEN dead_in_a_row + 1 >= $2 THEN $3 ELSE paused_reason END
                    WHERE id = $1 RETURNING id
                    """,
                delivered
                    ? [.integer(id)]
                    : [.integer(id), .integer(Int64(Subscription.deadPostsBeforePause)), .text(reason ?? "posts failed")]
            ) { $0.int64(0) }.count
        }
        guard changed > 0 else { return nil }
        return try await select("WHERE id = $1", [.integer(id)]).first
    }

    private func select(
        _ filter: String, _ values: [Database.Connection.Parameter]
    ) async throws(StateStoreError) -> [Subscription] {
        try await database.storePerform { connection throws(Database.DatabaseError) in
            try connection.query(
                "SELECT \(SubscriptionColumns.select) FROM subscriptions \(filter) ORDER BY id", values,
                row: SubscriptionColumns.subscription
            ).compactMap { $0 }
        }
    }
}
