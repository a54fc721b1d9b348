import Foundation
import Synchronization
import Testing
import TenkiCore

@testable import TenkiServices

@Suite("Digest ledger")
struct SQLiteDigestLedgerTests {
    static let slot = Date(timeIntervalSince1970: 1_796_023_800)

    func delivery(_ text: String) -> NewDelivery {
        DeliveryFixtures.webhookDelivery(text, to: DeliveryFixtures.webhook)
    }

    @Test("claiming a slot queues its message in the same transaction; a second claim queues nothing")
    func claimOnce() async throws {
        let file = try TemporaryStateFile()
        let database = try SQLiteDatabase(path: file.path)
        let ledger = try SQLiteDigestLedger(database: database)
        let store = try SQLiteDeliveryStore(database: database)
        let first = try await ledger.claim(digest: "morning", slot: Self.slot, delivery: delivery("a"), headlineURLs: ["https://a.test/1"])
        #expect(first == .claimed(DeliveryID(rawValue: 1)))
        let second = try await ledger.claim(digest: "morning", slot: Self.slot, delivery: delivery("b"), headlineURLs: [])
        #expect(second == .alreadyClaimed(DeliveryID(rawValue: 1)))
        #expect(try await store.list(states: [.pending]).count == 1)
        #expect(try await ledger.entry(digest: "morning", slot: Self.slot)?.headlineURLs == ["https://a.test/1"])
        // Another digest's slot at the same time is its own.
        #expect(try await ledger.claim(digest: "evening", slot: Self.slot, delivery: delivery("c"), headlineURLs: []) == .claimed(DeliveryID(rawValue: 2)))
    }

    @Test("two connections claiming at once: one claim, one message")
    func twoConnections() async throws {
        let file = try TemporaryStateFile()
        let ledgers = [
            try SQLiteDigestLedger(database: try SQLiteDatabase(path: file.path)),
            try SQLiteDigestLedger(database: try SQLiteDatabase(path: file.path)),
        ]
        // Each ledger's SQLite work runs on its own connection's queue, so the two claims really
        // do race for the write lock without blocking the shared task pool.
        let claims = await withTaskGroup(of: SQLiteDigestLedger.ClaimResult?.self) { group in
            for (index, ledger) in ledgers.enumerated() {
                let message = delivery("m\(index)")
                group.addTask { try? await ledger.claim(digest: "d", slot: Self.slot, delivery: message, headlineURLs: []) }
            }
            var all: [SQLiteDigestLedger.ClaimResult?] = []
            for await claim in group { all.append(claim) }
            return all
        }
        #expect(claims.count == 2)
        #expect(claims.filter { if case .claimed = $0 { true } else { false } }.count == 1)
        #expect(try await SQLiteDeliveryStore(path: file.path).list(states: [.pending]).count == 1)
    }

    @Test("a failed claim rolls back: neither the slot nor the message is kept")
    func rollback() async throws {
        let file = try TemporaryStateFile()
        let database = try SQLiteDatabase(path: file.path)
        let ledger = try SQLiteDigestLedger(database: database)
        // The slot row is refused after the message row was inserted: both must go.
        try database.withConnection { connection throws(SQLiteError) in
            try connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON digest_slots BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        await #expect(throws: DeliveryStoreError.self) {
            try await ledger.claim(digest: "d", slot: Self.slot, delivery: delivery("x"), headlineURLs: [])
        }
        #expect(try await SQLiteDeliveryStore(database: database).list(states: [.pending]).isEmpty)
        #expect(try await ledger.entry(digest: "d", slot: Self.slot) == nil)
    }

    @Test("replacing (--force) queues again and keeps the newest headlines; a missed slot is recorded once")
    func replaceAndMissed() async throws {
        let file = try TemporaryStateFile()
        let ledger = try SQLiteDigestLedger(database: try SQLiteDatabase(path: file.path))
        _ = try await ledger.claim(digest: "d", slot: Self.slot, delivery: delivery("a"), headlineURLs: ["https://a.test/1"])
        let forced = try await ledger.claim(
            digest: "d", slot: Self.slot, delivery: delivery("b"), headlineURLs: ["https://a.test/2"], replacing: true)
        #expect(forced == .claimed(DeliveryID(rawValue: 2)))
        #expect(try await ledger.previousHeadlineURLs(digest: "d") == ["https://a.test/2"])
        let earlier = Self.slot.addingTimeInterval(-86_400)
        #expect(try await ledger.recordMissed(digest: "d", slot: earlier, at: Self.slot))
        #expect(try await !ledger.recordMissed(digest: "d", slot: earlier, at: Self.slot))
        #expect(try await ledger.entry(digest: "d", slot: earlier)?.deliveryID == nil)
        // A missed row carries no headlines and does not hide the last posted ones.
        #expect(try await ledger.previousHeadlineURLs(digest: "d") == ["https://a.test/2"])
    }
}
