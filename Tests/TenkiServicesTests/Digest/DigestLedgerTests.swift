import Foundation
import Synchronization
import TenkiCore
import Testing

@testable import TenkiStorage

/// The digest ledger, one suite for SQLite and PostgreSQL.
@Suite("Digest ledger")
struct DigestLedgerTests {
    static let slot = Date(timeIntervalSince1970: 1_796_023_800)

    func delivery(_ text: String) -> NewDelivery {
        DeliveryFixtures.webhookDelivery(text, to: DeliveryFixtures.webhook)
    }

    @Test(
        "claiming a slot queues its message in the same transaction; a second claim queues nothing",
        arguments: StoreBackend.durable)
    func claimOnce(_ backend: StoreBackend) async throws {
        let stores = try await SharedTestState(backend).open()
        let ledger = stores.ledger, store = stores.deliveries
        let first = try await ledger.claim(
            digest: "morning", slot: Self.slot, delivery: delivery("a"), headlineURLs: ["https://a.test/1"])
        #expect(first == .claimed(DeliveryID(rawValue: 1)))
        let second = try await ledger.claim(digest: "morning", slot: Self.slot, delivery: delivery("b"), headlineURLs: [])
        #expect(second == .alreadyClaimed(DeliveryID(rawValue: 1)))
        #expect(try await store.list(states: [.pending]).count == 1)
        #expect(try await ledger.entry(digest: "morning", slot: Self.slot)?.headlineURLs == ["https://a.test/1"])
        // Another digest's slot at the same time is its own.
        #expect(
            try await ledger.claim(digest: "evening", slot: Self.slot, delivery: delivery("c"), headlineURLs: [])
                == .claimed(DeliveryID(rawValue: 2)))
    }

    @Test("three processes claiming at once: one claim, one message", arguments: StoreBackend.durable)
    func twoConnections(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        var ledgers: [any DigestLedger] = []
        for _ in 0..<3 { ledgers.append(try await state.open().ledger) }
        // Each ledger works on its own connection, so the claims really race (for SQLite's write
        // lock, or PostgreSQL's primary key) without blocking the shared task pool.
        let claims = await withTaskGroup(of: DigestSlotClaim?.self) { group in
            for (index, ledger) in ledgers.enumerated() {
                let message = delivery("m\(index)")
                group.addTask { try? await ledger.claim(digest: "d", slot: Self.slot, delivery: message, headlineURLs: []) }
            }
            var all: [DigestSlotClaim?] = []
            for await claim in group { all.append(claim) }
            return all
        }
        #expect(claims.count == 3)
        #expect(claims.filter { if case .claimed = $0 { true } else { false } }.count == 1)
        #expect(claims.filter { if case .alreadyClaimed(.some) = $0 { true } else { false } }.count == 2)
        #expect(try await state.open().deliveries.list(states: [.pending]).count == 1)
    }

    @Test("a failed claim rolls back: neither the slot nor the message is kept", arguments: StoreBackend.durable)
    func rollback(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = try await state.open()
        let ledger = stores.ledger
        // The slot row is refused after the message row was inserted: both must go. (SQLite writes
        // the slot after the message; PostgreSQL inserts the slot, then the message, then points
        // the slot at it.)
        try state.execute(
            sqlite: "CREATE TRIGGER refuse BEFORE INSERT ON digest_slots BEGIN SELECT RAISE(ABORT, 'refused'); END",
            postgres: """
                CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
                CREATE TRIGGER refuse BEFORE UPDATE ON digest_slots FOR EACH ROW EXECUTE FUNCTION refuse();
                """)
        await #expect(throws: DeliveryStoreError.self) {
            try await ledger.claim(digest: "d", slot: Self.slot, delivery: delivery("x"), headlineURLs: [])
        }
        #expect(try await stores.deliveries.list(states: [.pending]).isEmpty)
        #expect(try await ledger.entry(digest: "d", slot: Self.slot) == nil)
    }

    @Test(
        "replacing (--force) queues again and keeps the newest headlines; a missed slot is recorded once",
        arguments: StoreBackend.durable)
    func replaceAndMissed(_ backend: StoreBackend) async throws {
        let ledger = try await SharedTestState(backend).open().ledger
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
