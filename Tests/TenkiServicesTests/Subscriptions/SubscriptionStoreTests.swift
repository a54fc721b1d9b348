import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiStorage

/// Channels' subscriptions, one suite for memory, SQLite and PostgreSQL.
@Suite("Subscription store")
struct SubscriptionStoreTests {
    static func subscription(
        channel: String = "C1", team: String = "T1", kind: Subscription.Kind = .morning(.defaultReport, .daily),
        title: String = "Da Nang, VN"
    ) -> Subscription {
        Subscription(
            id: 0, team: team, channel: channel, kind: kind, title: title,
            coordinates: Coordinates(latitude: 16.0678, longitude: 108.2208), timeZone: "Asia/Ho_Chi_Minh", language: .ja,
            units: .imperial, createdBy: "U1", createdAt: Date(timeIntervalSince1970: 1_796_083_200))
    }

    static func added(_ result: SubscriptionAddResult) throws -> Subscription {
        guard case .added(let saved) = result else { throw StateStoreError("not added: \(result)") }
        return saved
    }

    @Test("add, read back from another handle with every field, list per channel, ids never reused", arguments: StoreBackend.all)
    func roundTrip(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.open().subscriptions
        let morning = try Self.added(try await store.add(Self.subscription(kind: .morning(LocalTime(hour: 6, minute: 5)!, .weekdays)), limit: 10))
        let rain = try Self.added(try await store.add(Self.subscription(kind: .rain, title: "Tokyo, JP"), limit: 10))
        let elsewhere = try Self.added(try await store.add(Self.subscription(channel: "C2"), limit: 10))
        #expect(morning.id > 0 && rain.id > morning.id && elsewhere.id > rain.id)
        let other = try await state.open().subscriptions
        let listed = try await other.subscriptions(team: "T1", channel: "C1")
        #expect(listed == [morning, rain])
        #expect(listed.first?.kind == .morning(LocalTime(hour: 6, minute: 5)!, .weekdays))
        #expect(listed.first?.language == .ja && listed.first?.units == .imperial && listed.first?.timeZone == "Asia/Ho_Chi_Minh")
        #expect(try await other.all().map(\.id) == [morning.id, rain.id, elsewhere.id])
        #expect(try await other.remove([rain.id], team: "T1", channel: "C1") == 1)
        let next = try Self.added(try await store.add(Self.subscription(), limit: 10))
        #expect(next.id > elsewhere.id, "an id is never given out twice")
    }

    @Test("a user's subscriptions in a workspace, any channel, oldest first: the Home tab's list", arguments: StoreBackend.all)
    func byCreator(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().subscriptions
        var theirs = Self.subscription(channel: "C2")
        theirs.createdBy = "U2"
        let first = try Self.added(try await store.add(Self.subscription(), limit: 10))
        _ = try Self.added(try await store.add(theirs, limit: 10))
        _ = try Self.added(try await store.add(Self.subscription(team: "T2"), limit: 10))
        let second = try Self.added(try await store.add(Self.subscription(channel: "C3"), limit: 10))
        #expect(try await store.subscriptions(team: "T1", createdBy: "U1").map(\.id) == [first.id, second.id])
        #expect(try await store.subscriptions(team: "T1", createdBy: "U9").isEmpty)
    }

    @Test("a channel holds at most the limit; other channels are not counted", arguments: StoreBackend.all)
    func limit(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.open().subscriptions
        for _ in 0..<2 { _ = try Self.added(try await store.add(Self.subscription(), limit: 2)) }
        #expect(try await store.add(Self.subscription(), limit: 2) == .channelFull(2))
        _ = try Self.added(try await store.add(Self.subscription(channel: "C2"), limit: 2))
        _ = try Self.added(try await store.add(Self.subscription(team: "T2"), limit: 2))
    }

    @Test("two handles adding at once never pass the limit", arguments: StoreBackend.durable)
    func limitUnderConcurrency(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = [try await state.open().subscriptions, try await state.open().subscriptions]
        let results = await withTaskGroup(of: SubscriptionAddResult?.self) { group in
            for index in 0..<12 {
                group.addTask { try? await stores[index % 2].add(Self.subscription(), limit: 5) }
            }
            return await group.reduce(into: [SubscriptionAddResult?]()) { $0.append($1) }
        }
        let added = results.filter { if case .added = $0 { true } else { false } }
        #expect(added.count == 5)
        #expect(try await stores[0].subscriptions(team: "T1", channel: "C1").count == 5)
    }

    @Test("remove only within the channel it was asked from; the operator removes any", arguments: StoreBackend.all)
    func removeScoped(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.open().subscriptions
        let saved = try Self.added(try await store.add(Self.subscription(channel: "C1"), limit: 10))
        #expect(try await store.remove([saved.id], team: "T1", channel: "C2") == 0)
        #expect(try await store.remove([saved.id], team: "T2", channel: "C1") == 0)
        #expect(try await store.remove([saved.id, 999_999], team: nil, channel: nil) == 1)
        #expect(try await store.all().isEmpty)
    }

    @Test("the third dead post in a row pauses with its reason; a delivered one clears the run", arguments: StoreBackend.all)
    func pausing(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.open().subscriptions
        let saved = try Self.added(try await store.add(Self.subscription(), limit: 10))
        _ = try await store.recordPost(saved.id, delivered: false, reason: "channel_not_found")
        _ = try await store.recordPost(saved.id, delivered: true, reason: nil)
        for _ in 0..<2 { _ = try await store.recordPost(saved.id, delivered: false, reason: "not_in_channel") }
        let two = try #require(try await store.all().first)
        #expect(two.deadInARow == 2 && two.pausedReason == nil)
        let three = try #require(try await store.recordPost(saved.id, delivered: false, reason: "not_in_channel"))
        #expect(three.deadInARow == 3 && three.pausedReason == "not_in_channel")
        #expect(try await state.open().subscriptions.all().first?.pausedReason == "not_in_channel")
        #expect(try await store.recordPost(424_242, delivered: false, reason: "x") == nil)
    }
}
