import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiStorage

@Suite("SeenEventStore: an Events API delivery is taken once across retries and replicas")
struct SeenEventStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let hour = Self.start.addingTimeInterval(SeenEvents.keptFor)

    @Test("the first sighting wins; repeats on the same or another handle are refused", arguments: StoreBackend.all)
    func firstWins(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let one = try await state.open().seenEvents
        let other = try await state.open().seenEvents
        #expect(try await one.firstSighting(of: "Ev01", at: Self.start, until: Self.hour))
        #expect(try await one.firstSighting(of: "Ev01", at: Self.start.addingTimeInterval(60), until: Self.hour) == false)
        #expect(try await other.firstSighting(of: "Ev01", at: Self.start.addingTimeInterval(300), until: Self.hour) == false)
        #expect(try await other.firstSighting(of: "Ev02", at: Self.start, until: Self.hour))
    }

    @Test("an expired sighting counts as not seen", arguments: StoreBackend.all)
    func expiry(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().seenEvents
        #expect(try await store.firstSighting(of: "Ev01", at: Self.start, until: Self.start.addingTimeInterval(10)))
        #expect(try await store.firstSighting(of: "Ev01", at: Self.start.addingTimeInterval(9), until: Self.hour) == false)
        let later = Self.start.addingTimeInterval(10)
        #expect(try await store.firstSighting(of: "Ev01", at: later, until: later.addingTimeInterval(10)))
        #expect(try await store.firstSighting(of: "Ev01", at: later.addingTimeInterval(1), until: Self.hour) == false)
    }

    @Test("many replicas racing on one event: exactly one wins", arguments: StoreBackend.durable)
    func race(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        var stores: [any SeenEventStore] = []
        for _ in 0..<4 { stores.append(try await state.open().seenEvents) }
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                let store = stores[index % stores.count]
                group.addTask { try await store.firstSighting(of: "EvRace", at: Self.start, until: Self.hour) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
    }

    @Test("a sighting prunes expired rows", arguments: StoreBackend.durable)
    func prunes(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.open().seenEvents
        for index in 0..<5 {
            _ = try await store.firstSighting(of: "EvOld\(index)", at: Self.start, until: Self.start.addingTimeInterval(1))
        }
        _ = try await store.firstSighting(of: "EvNew", at: Self.start.addingTimeInterval(2), until: Self.hour)
        let left = try await Self.rows(in: state)
        #expect(left == 1)
    }

    /// The rows of `seen_events`, read directly.
    static func rows(in state: SharedTestState) async throws -> Int {
        if let path = state.path {
            return try SQLiteDatabase(path: path).withConnection { connection throws(SQLiteError) in
                try connection.query("SELECT count(*) FROM seen_events") { $0.int(0) }.first ?? -1
            }
        }
        let connection = try PostgresConnection(url: state.url!)
        return try connection.query("SELECT count(*) FROM seen_events") { $0.int(0) }.first ?? -1
    }
}
