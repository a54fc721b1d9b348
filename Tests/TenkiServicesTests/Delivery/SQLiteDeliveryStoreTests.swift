import Foundation
import TenkiCore
import Testing

@testable import TenkiStorage

@Suite("SQLite delivery store: the state file")
struct SQLiteDeliveryStoreTests {
    let start = DeliveryFixtures.start

    @Test("migrates an empty file to the current version, in WAL mode, and reopens it unchanged")
    func migrations() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        #expect(try await store.schemaVersion() == StateSchema.version)
        #expect(StateSchema.version == 15)
        let id = try await store.enqueue(DeliveryFixtures.webhookDelivery("hello"))
        let reopened = try SQLiteDeliveryStore(path: file.path)
        #expect(try await reopened.schemaVersion() == StateSchema.version)
        #expect(try await reopened.summary(of: id)?.state == .pending)
        let database = try SQLiteDatabase(path: file.path)
        let mode = try database.withConnection { connection throws(SQLiteError) in
            try connection.query("PRAGMA journal_mode") { $0.text(0) }
        }
        #expect(mode == ["wal"])
    }

    @Test("a claim's and a round's reads use the pending-only indexes in order: no table scan, no sort, no body")
    func claimQueryPlans() throws {
        let file = try TemporaryStateFile()
        _ = try SQLiteDeliveryStore(path: file.path)
        let database = try SQLiteDatabase(path: file.path)
        func plan(_ sql: String, _ values: [SQLiteValue]) throws -> String {
            try database.withConnection { connection throws(SQLiteError) in
                try connection.query("EXPLAIN QUERY PLAN " + sql, values) { $0.text(3) }
            }.joined(separator: "; ")
        }
        let oldest = try plan(SQLiteDeliveryStore.oldestDueQuery, [.real(0), .integer(10)])
        #expect(oldest.contains("USING COVERING INDEX deliveries_claim"), "\(oldest)")
        #expect(!oldest.contains("TEMP B-TREE"), "\(oldest)")
        let next = try plan(SQLiteDeliveryStore.nextDestinationQuery, [.text("")])
        #expect(next.contains("USING COVERING INDEX deliveries_lanes"), "\(next)")
        #expect(!next.contains("TEMP B-TREE"), "\(next)")
        let lane = try plan(SQLiteDeliveryStore.destinationDueQuery, [.text("h"), .real(0), .integer(3)])
        #expect(lane.contains("USING COVERING INDEX deliveries_lanes"), "\(lane)")
        #expect(!lane.contains("TEMP B-TREE"), "\(lane)")
        // What every round reads besides the claim: no scan of the table or of every pending row's row.
        // (A `SCAN ... USING COVERING INDEX deliveries_claim` walks pending rows in order: for the
        // next due time it stops at the first whose lease does not outlast it.)
        func readsIndexesOnly(_ plan: String) -> Bool {
            plan.split(separator: ";").allSatisfy { !$0.contains("deliveries") || $0.contains("USING COVERING INDEX") }
        }
        let due = try plan(SQLiteDeliveryStore.nextDueQuery, [])
        #expect(due.contains("USING COVERING INDEX deliveries_claim") && due.contains("USING COVERING INDEX deliveries_leased"), "\(due)")
        #expect(readsIndexesOnly(due) && !due.contains("TEMP B-TREE"), "\(due)")
        let bounded = try plan(SQLiteDeliveryStore.boundedPendingQuery, [.integer(4096)])
        #expect(bounded.contains("USING COVERING INDEX deliveries_claim") && readsIndexesOnly(bounded), "\(bounded)")
        let statistics = try plan(SQLiteDeliveryStore.statisticsQuery, [])
        #expect(statistics.contains("USING COVERING INDEX deliveries_pending_age"), "\(statistics)")
        #expect(readsIndexesOnly(statistics) && !statistics.contains("TEMP B-TREE"), "\(statistics)")
    }

    @Test("refuses a file from a newer version")
    func newerSchema() async throws {
        let file = try TemporaryStateFile()
        _ = try SQLiteDeliveryStore(path: file.path)
        let database = try SQLiteDatabase(path: file.path)
        try database.withConnection { connection throws(SQLiteError) in try connection.execute("PRAGMA user_version = 99") }
        #expect(throws: DeliveryStoreError.schemaTooNew(found: 99, supported: StateSchema.version)) {
            _ = try SQLiteDeliveryStore(path: file.path)
        }
    }

    @Test("a version-5 file with a digest slot on a message migrates: ids, the id counter and the slot kept; any kind accepted")
    func rebuildsDeliveriesForNewKinds() async throws {
        let file = try TemporaryStateFile()
        let old = try SQLiteDatabase(path: file.path)
        try old.withConnection { connection throws(SQLiteError) in
            for migration in StateSchema.migrations.prefix(5) { try connection.execute(migration) }
            try connection.execute(
                """
                PRAGMA user_version = 5;
                INSERT INTO deliveries (id, kind, destination_url, destination_kind, destination_host, destination_hash, body,
                    state, created_at, deadline, webhook_lifetime, next_attempt_at)
                VALUES (10, 'digest:morning', 'https://hooks.slack.com/services/T/B/x', 'webhook', 'hooks.slack.com', 'h',
                    x'7B7D', 'delivered', 0, 1, 1, 0);
                UPDATE sqlite_sequence SET seq = 42 WHERE name = 'deliveries';
                INSERT INTO digest_slots (digest, slot, delivery_id, claimed_at) VALUES ('morning', 0, 10, 0);
                """)
        }
        let store = try SQLiteDeliveryStore(path: file.path)
        #expect(try await store.schemaVersion() == StateSchema.version)
        #expect(try await store.summary(of: DeliveryID(rawValue: 10))?.state == .delivered)
        var discord = DeliveryFixtures.webhookDelivery("late")
        discord.destinationKind = .discordOriginal
        let id = try await store.enqueue(discord)
        #expect(id.rawValue == 43, "ids pruned before the migration are not given out again")
        let (slots, broken) = try SQLiteDatabase(path: file.path).withConnection { connection throws(SQLiteError) in
            (try connection.query("SELECT delivery_id FROM digest_slots") { $0.int64(0) },
             try connection.query("PRAGMA foreign_key_check") { $0.text(0) })
        }
        #expect(slots == [10] && broken.isEmpty)
    }
}
