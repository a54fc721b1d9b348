import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiStorage

/// One suite for every durable store: a command held under a lease is completed once, by whoever
/// holds it. Leases run on the store's own clock, so these tests end one by holding it for 0 s
/// (ended at once) and keep one with `live` (an hour: not ending within a test, however long a
/// loaded machine stalls it; 30 s did end mid-test under two busy loops), never by waiting.
@Suite("Pending commands")
struct PendingCommandStoreTests {
    static let url = URL(string: "https://hooks.slack.com/commands/T1/2/x")!
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    /// A lease that outlives any test.
    static let live: TimeInterval = 3600

    static func command(_ text: String = "weather Danang", kind: DestinationKind = .responseURL) -> NewPendingCommand {
        NewPendingCommand(payload: Array(text.utf8), destination: url, destinationKind: kind, createdAt: start)
    }

    static func answer(_ text: String) -> NewDelivery {
        NewDelivery(kind: "late-answer", destination: url, destinationKind: .responseURL, body: Array(text.utf8), createdAt: start)
    }

    @Test("completing queues the answer and forgets the command, in one step", arguments: StoreBackend.durable)
    func complete(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let id = try await store.hold(Self.command(), owner: "a", lease: Self.live)
        #expect(try await store.pendingCommandCount() == 1)
        let queued = try #require(try await store.complete(id, owner: "a", answer: Self.answer("sunny")))
        #expect(try await store.summary(of: queued)?.state == .pending)
        #expect(try await store.pendingCommandCount() == 0)
        #expect(try await store.complete(id, owner: "a", answer: Self.answer("again")) == nil, "completed once only")
        #expect(try await store.list(states: [.pending]).count == 1)
    }

    @Test("a live lease is never taken; an ended one is, by one process, with its command intact", arguments: StoreBackend.durable)
    func takeover(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let (one, two) = (try await state.open().deliveries, try await state.open().deliveries)
        _ = try await one.hold(Self.command("kept"), owner: "a", lease: Self.live)
        let abandoned = try await one.hold(Self.command("dead", kind: .discordOriginal), owner: "dead", lease: 0)
        let claimed = try await two.claimAbandoned(owner: "b", lease: Self.live, limit: 10)
        #expect(claimed.map(\.id) == [abandoned])
        let taken = try #require(claimed.first)
        #expect(taken.command.payload == Array("dead".utf8))
        #expect(taken.command.destination == Self.url && taken.command.destinationKind == .discordOriginal)
        #expect(taken.command.createdAt == Self.start)
        #expect(taken.claims == 1)
        #expect(try await one.claimAbandoned(owner: "c", lease: Self.live, limit: 10).isEmpty, "b's new lease holds")

        // The dead owner, had it only stalled, can no longer answer: b does, once.
        #expect(try await one.complete(abandoned, owner: "dead", answer: Self.answer("stale")) == nil)
        #expect(try await one.renew(abandoned, owner: "dead", lease: Self.live) == false)
        #expect(try await two.complete(abandoned, owner: "b", answer: Self.answer("fresh")) != nil)
        #expect(try await one.list(states: [.pending]).count == 1)
    }

    @Test("concurrent looks from several processes take each abandoned command once", arguments: StoreBackend.durable)
    func concurrentTakeovers(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = [try await state.open().deliveries, try await state.open().deliveries, try await state.open().deliveries]
        for index in 0..<12 { _ = try await stores[0].hold(Self.command("c\(index)"), owner: "dead", lease: 0) }
        let taken = await withTaskGroup(of: [PendingCommandID].self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask { (try? await store.claimAbandoned(owner: "p\(index)", lease: Self.live, limit: 5).map(\.id)) ?? [] }
                group.addTask { (try? await store.claimAbandoned(owner: "q\(index)", lease: Self.live, limit: 5).map(\.id)) ?? [] }
            }
            return await group.reduce(into: [PendingCommandID]()) { $0 += $1 }
        }
        #expect(taken.count == 12)
        #expect(Set(taken).count == 12, "no command taken twice")
    }

    @Test("renewing keeps the lease; releasing ends it at once, for another to take", arguments: StoreBackend.durable)
    func renewAndRelease(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let id = try await store.hold(Self.command(), owner: "a", lease: 0)
        #expect(try await store.renew(id, owner: "a", lease: Self.live))
        #expect(try await store.claimAbandoned(owner: "b", lease: Self.live, limit: 1).isEmpty, "renewed")
        #expect(try await store.releasePendingCommands(owner: "a") == 1)
        let claimed = try await store.claimAbandoned(owner: "b", lease: Self.live, limit: 1)
        #expect(claimed.map(\.id) == [id])
        #expect(try await store.releasePendingCommands(owner: "a") == 0, "no longer a's")
    }

    @Test("a command whose destination no longer reads is dropped, not taken for ever", arguments: StoreBackend.durable)
    func unreadableDestination(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.open().deliveries
        _ = try await store.hold(Self.command(), owner: "dead", lease: 0)
        try state.execute(
            sqlite: "UPDATE pending_commands SET destination_kind = 'carrier_pigeon'",
            postgres: "UPDATE pending_commands SET destination_kind = 'carrier_pigeon'")
        #expect(try await store.claimAbandoned(owner: "b", lease: Self.live, limit: 1).isEmpty)
        #expect(try await store.pendingCommandCount() == 0)
    }
}
