import Foundation
import Synchronization
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiSecurity
@testable import TenkiStorage

/// The cache in front of the installation store, over a counting in-memory store.
@Suite("Cached installation store")
struct CachedInstallationStoreTests {
    typealias Fixtures = InstallationFixtures

    /// Installations in memory, counting reads.
    final class CountingStore: InstallationStore {
        let rows = Mutex<[String: Installation]>([:])
        let reads = Mutex(0)

        func save(_ installation: Installation) { rows.withLock { $0[installation.key!] = installation } }
        func installation(enterprise: String?, team: String) -> Installation? {
            reads.withLock { $0 += 1 }
            return rows.withLock { rows in
                rows[team].flatMap { $0.isEnterpriseInstall ? nil : $0 } ?? enterprise.flatMap { rows[$0] }
            }
        }
        func deleteInstallation(key: String) -> Bool { rows.withLock { $0.removeValue(forKey: key) != nil } }
        func deleteEverything(key: String) -> InstallationRemoval {
            InstallationRemoval(installations: deleteInstallation(key: key) ? 1 : 0)
        }
        func count() -> Int { rows.withLock { $0.count } }
        func keysDueForRefresh(margin: TimeInterval) -> [String] { [] }
        func claimRefresh(key: String, owner: String, lease: TimeInterval, margin: TimeInterval) -> Installation? { nil }
        func completeRefresh(key: String, owner: String, botToken: SlackBotToken, rotation: TokenRotation) -> Bool {
            rows.withLock { rows in
                rows[key]?.botToken = botToken
                rows[key]?.rotation = rotation
                return rows[key] != nil
            }
        }
        func releaseRefresh(key: String, owner: String) -> Bool { false }
    }

    let clock = ManualClock(InstallationFixtures.start)
    let store = CountingStore()

    @Test("a second read costs no store read; a save or delete through the cache is seen at once")
    func invalidation() async throws {
        let cache = CachedInstallationStore(store, clock: clock)
        store.save(Fixtures.workspace("T1"))
        #expect(try await cache.installation(enterprise: nil, team: "T1") == Fixtures.workspace("T1"))
        #expect(try await cache.installation(enterprise: nil, team: "T1") == Fixtures.workspace("T1"))
        #expect(cache.remembered(enterprise: nil, team: "T1") == .some(Fixtures.workspace("T1")))
        #expect(store.reads.withLock { $0 } == 1)
        let again = Fixtures.workspace("T1", token: "xoxb-T1-new")
        try await cache.save(again)
        #expect(try await cache.installation(enterprise: nil, team: "T1") == again)
        _ = try await cache.deleteEverything(key: "T1")
        #expect(try await cache.installation(enterprise: nil, team: "T1") == nil)
        #expect(store.reads.withLock { $0 } == 3)
    }

    @Test("an org-wide install, saved or removed, replaces what its workspaces' lookups remembered")
    func organisationInvalidation() async throws {
        let cache = CachedInstallationStore(store, clock: clock)
        #expect(try await cache.installation(enterprise: "E1", team: "T9") == nil)
        try await cache.save(Fixtures.organisation("E1"))
        #expect(try await cache.installation(enterprise: "E1", team: "T9") == Fixtures.organisation("E1"))
        try await cache.deleteInstallation(key: "E1")
        #expect(try await cache.installation(enterprise: "E1", team: "T9") == nil)
    }

    @Test("another replica's change is seen after the lifetime; 'not installed' is kept for less")
    func lifetimes() async throws {
        let cache = CachedInstallationStore(store, clock: clock, timeToLive: 30, absentTimeToLive: 5)
        #expect(try await cache.installation(enterprise: nil, team: "T1") == nil)
        store.save(Fixtures.workspace("T1"))
        clock.advance(by: 4)
        #expect(try await cache.installation(enterprise: nil, team: "T1") == nil)
        clock.advance(by: 1)
        #expect(try await cache.installation(enterprise: nil, team: "T1") == Fixtures.workspace("T1"))
        _ = store.deleteInstallation(key: "T1")
        clock.advance(by: 29)
        #expect(try await cache.installation(enterprise: nil, team: "T1") != nil)
        clock.advance(by: 1)
        #expect(try await cache.installation(enterprise: nil, team: "T1") == nil)
    }

    @Test("a rotating token is not served once expired; a completed refresh is seen at once")
    func rotatingExpiry() async throws {
        let cache = CachedInstallationStore(store, clock: clock, timeToLive: 7200)
        store.save(Fixtures.workspace("T1", rotating: true))
        _ = try await cache.installation(enterprise: nil, team: "T1")
        clock.advance(by: 3599)
        _ = try await cache.installation(enterprise: nil, team: "T1")
        #expect(store.reads.withLock { $0 } == 1)
        clock.advance(by: 1)
        _ = try await cache.installation(enterprise: nil, team: "T1")
        #expect(store.reads.withLock { $0 } == 2)
        let rotation = TokenRotation(
            refreshToken: SlackRefreshToken("xoxe-next")!, expiresAt: clock.now().addingTimeInterval(3600))
        #expect(try await cache.completeRefresh(key: "T1", owner: "a", botToken: SlackBotToken("xoxb-next")!, rotation: rotation))
        #expect(try await cache.installation(enterprise: nil, team: "T1")?.botToken.value == "xoxb-next")
    }

    @Test("bounded: at most maxEntries lookups are held")
    func bound() async throws {
        let cache = CachedInstallationStore(store, clock: clock, maxEntries: 3)
        for index in 0..<10 { _ = try await cache.installation(enterprise: nil, team: "T\(index)") }
        #expect(cache.count <= 3)
    }
}
