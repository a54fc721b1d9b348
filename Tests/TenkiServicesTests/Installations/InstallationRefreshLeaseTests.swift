import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiSecurity
@testable import TenkiStorage

/// Token rotation's lease: two store handles on one database (two replicas) and a manual clock.
@Suite("Installation store: refresh lease")
struct InstallationRefreshLeaseTests {
    typealias Fixtures = InstallationFixtures
    static let lease: TimeInterval = 30
    static let margin: TimeInterval = 300
    /// The token of `Fixtures.workspace(rotating: true)` expires an hour after the start.
    static let expiry = Fixtures.start.addingTimeInterval(3600)
    static let refreshed = TokenRotation(
        refreshToken: SlackRefreshToken("xoxe-1-T1-next-refresh")!, expiresAt: Fixtures.start.addingTimeInterval(7200))

    @Test(
        "due: within the margin of expiry, or half the token's lifetime if shorter; a token without rotation never",
        arguments: StoreBackend.durable)
    func due(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(Fixtures.start)
        let store = try await state.openInstallations(clock: clock).installations
        try await store.save(Fixtures.workspace("T1", rotating: true))
        try await store.save(Fixtures.workspace("T2"))
        #expect(try await store.keysDueForRefresh(margin: Self.margin) == [])
        #expect(try await store.keysDueForRefresh(margin: 1e9) == [], "half the hour's lifetime caps a longer margin")
        #expect(try await store.claimRefresh(key: "T1", owner: "a", lease: Self.lease, margin: Self.margin) == nil)
        clock.advance(by: 1800)
        #expect(try await store.keysDueForRefresh(margin: 1e9) == ["T1"])
        #expect(try await store.keysDueForRefresh(margin: Self.margin) == [])
        clock.advance(by: 1499)
        #expect(try await store.keysDueForRefresh(margin: Self.margin) == [])
        clock.advance(by: 1)
        #expect(try await store.keysDueForRefresh(margin: Self.margin) == ["T1"])
        #expect(try await store.claimRefresh(key: "T2", owner: "a", lease: Self.lease, margin: 1e9) == nil)
    }

    @Test("two replicas claiming at once: exactly one refreshes", arguments: StoreBackend.durable)
    func onceAcrossReplicas(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(Fixtures.start)
        let replicas = [
            try await state.openInstallations(clock: clock).installations,
            try await state.openInstallations(clock: clock).installations,
        ]
        try await replicas[0].save(Fixtures.workspace("T1", rotating: true))
        clock.advance(by: 3600 - Self.margin)
        let claims = try await withThrowingTaskGroup(of: Installation?.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await replicas[index % 2].claimRefresh(
                        key: "T1", owner: "replica-\(index)", lease: Self.lease, margin: Self.margin)
                }
            }
            return try await group.reduce(into: [Installation?]()) { $0.append($1) }
        }
        let won = claims.compactMap { $0 }
        #expect(won.count == 1)
        #expect(won.first?.rotation?.refreshToken.value == "xoxe-1-T1-secret-refresh", "the winner gets the opened refresh token")
    }

    @Test("a lease that ran out is taken over; the first owner's late answer is then dropped", arguments: StoreBackend.durable)
    func takeover(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(Fixtures.start)
        let a = try await state.openInstallations(clock: clock).installations
        let b = try await state.openInstallations(clock: clock).installations
        try await a.save(Fixtures.workspace("T1", rotating: true))
        clock.advance(by: 3600 - Self.margin)
        #expect(try await a.claimRefresh(key: "T1", owner: "a", lease: Self.lease, margin: Self.margin) != nil)
        clock.advance(by: Self.lease - 1)
        #expect(try await b.claimRefresh(key: "T1", owner: "b", lease: Self.lease, margin: Self.margin) == nil)
        clock.advance(by: 1)
        #expect(try await b.claimRefresh(key: "T1", owner: "b", lease: Self.lease, margin: Self.margin) != nil)
        let late = SlackBotToken("xoxb-T1-from-a")!, fresh = SlackBotToken("xoxb-T1-from-b")!
        #expect(try await !a.completeRefresh(key: "T1", owner: "a", botToken: late, rotation: Self.refreshed))
        #expect(try await b.completeRefresh(key: "T1", owner: "b", botToken: fresh, rotation: Self.refreshed))
        let now = try await a.installation(enterprise: nil, team: "T1")
        #expect(now?.botToken == fresh && now?.rotation == Self.refreshed)
        #expect(
            try await a.claimRefresh(key: "T1", owner: "a", lease: Self.lease, margin: Self.margin) == nil,
            "refreshed: no longer due")
        #expect(try await a.keysDueForRefresh(margin: Self.margin) == [])
    }

    @Test(
        "a released lease (the refresh failed) can be claimed at once; installing again ends a lease",
        arguments: StoreBackend.durable)
    func release(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(Fixtures.start)
        let a = try await state.openInstallations(clock: clock).installations
        let b = try await state.openInstallations(clock: clock).installations
        try await a.save(Fixtures.workspace("T1", rotating: true))
        clock.advance(by: 3600 - Self.margin)
        #expect(try await a.claimRefresh(key: "T1", owner: "a", lease: Self.lease, margin: Self.margin) != nil)
        #expect(try await !b.releaseRefresh(key: "T1", owner: "b"), "only the owner releases")
        #expect(try await a.releaseRefresh(key: "T1", owner: "a"))
        #expect(try await b.claimRefresh(key: "T1", owner: "b", lease: Self.lease, margin: Self.margin) != nil)
        try await a.save(Fixtures.workspace("T1", rotating: true))
        // Installed again 300 s before expiry: half that lifetime, 150 s, is the margin now.
        clock.advance(by: 150)
        #expect(try await a.claimRefresh(key: "T1", owner: "a", lease: Self.lease, margin: Self.margin) != nil)
        #expect(try await !b.completeRefresh(key: "T1", owner: "b", botToken: SlackBotToken("xoxb-x")!, rotation: Self.refreshed))
    }
}
