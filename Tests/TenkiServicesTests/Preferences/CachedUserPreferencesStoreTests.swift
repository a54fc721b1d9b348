import Foundation
import Synchronization
@testable import TenkiCore
@testable import TenkiStorage
import TenkiFakes
import TenkiTestSupport
import Testing

@Suite("CachedUserPreferencesStore")
struct CachedUserPreferencesStoreTests {
    /// Counts reads, and fails on demand.
    final class CountingStore: UserPreferencesStore {
        let inner = InMemoryUserPreferencesStore()
        let reads = Mutex(0)
        let failing = Mutex(false)

        func preferences(for key: UserKey) async throws(PreferencesStoreError) -> UserPreferences {
            reads.withLock { $0 += 1 }
            if failing.withLock({ $0 }) { throw PreferencesStoreError("disk on fire") }
            return inner.preferences(for: key)
        }

        func save(_ preferences: UserPreferences, for key: UserKey) async throws(PreferencesStoreError) {
            if failing.withLock({ $0 }) { throw PreferencesStoreError("disk on fire") }
            inner.save(preferences, for: key)
        }

        func forget(_ key: UserKey) async throws(PreferencesStoreError) {
            if failing.withLock({ $0 }) { throw PreferencesStoreError("disk on fire") }
            inner.forget(key)
        }
    }

    let user = UserKey(team: "T1", user: "U1")
    let clock = ManualClock()
    let backing = CountingStore()

    @Test("reads are remembered for the time to live, then read again")
    func remembersReads() async throws {
        let store = CachedUserPreferencesStore(backing, clock: clock, timeToLive: 10)
        #expect(try await store.preferences(for: user) == UserPreferences())
        #expect(try await store.preferences(for: user) == UserPreferences())
        #expect(backing.reads.withLock { $0 } == 1)
        backing.inner.save(UserPreferences(place: "Hue"), for: user)  // another process writes
        clock.advance(by: 10)
        #expect(try await store.preferences(for: user).place == "Hue")
        #expect(backing.reads.withLock { $0 } == 2)
    }

    @Test("after expiry, the first look-up on the listener's thread misses; the others keep the value while it is read again")
    func oneRefreshAtATime() async throws {
        let store = CachedUserPreferencesStore(backing, clock: clock, timeToLive: 10)
        #expect(store.remembered(for: user) == nil)  // never read: the asynchronous path reads it
        _ = try await store.preferences(for: user)
        #expect(store.remembered(for: user) == UserPreferences())
        clock.advance(by: 10)
        #expect(store.remembered(for: user) == nil)  // this look-up's request reads the store again
        #expect(store.remembered(for: user) == UserPreferences())  // the others do not, meanwhile
        _ = try await store.preferences(for: user)
        #expect(backing.reads.withLock { $0 } == 2)
        #expect(store.remembered(for: user) == UserPreferences())

        // A refresh that remembers nothing (the read failed): after the grace, every look-up misses.
        clock.advance(by: 10)
        #expect(store.remembered(for: user) == nil)
        clock.advance(by: CachedUserPreferencesStore.refreshGrace - 0.1)
        #expect(store.remembered(for: user) == UserPreferences())
        clock.advance(by: 0.1)
        #expect(store.remembered(for: user) == nil)
        #expect(store.remembered(for: user) == nil)
    }

    @Test("saves and forgets go through and are seen at once")
    func writeThrough() async throws {
        let store = CachedUserPreferencesStore(backing, clock: clock)
        _ = try await store.preferences(for: user)
        try await store.save(UserPreferences(place: "Da Nang", units: .imperial), for: user)
        #expect(backing.inner.preferences(for: user).units == .imperial)
        #expect(try await store.preferences(for: user) == UserPreferences(place: "Da Nang", units: .imperial))
        try await store.forget(user)
        #expect(try await store.preferences(for: user) == UserPreferences())
        #expect(backing.inner.preferences(for: user) == UserPreferences())
        #expect(backing.reads.withLock { $0 } == 1)
    }

    @Test("failures are passed on and not remembered")
    func failures() async throws {
        let store = CachedUserPreferencesStore(backing, clock: clock)
        _ = try await store.preferences(for: user)
        backing.failing.withLock { $0 = true }
        await #expect(throws: PreferencesStoreError.self) { try await store.save(UserPreferences(place: "Hue"), for: user) }
        await #expect(throws: PreferencesStoreError.self) { try await store.preferences(for: user) }  // forgotten after the failed write
        backing.failing.withLock { $0 = false }
        #expect(try await store.preferences(for: user) == UserPreferences())
    }

    @Test("bounded: when full, it starts over")
    func bounded() async throws {
        let store = CachedUserPreferencesStore(backing, clock: clock, maxEntries: 2)
        for index in 0..<3 { _ = try await store.preferences(for: UserKey(team: "T", user: "U\(index)")) }
        _ = try await store.preferences(for: UserKey(team: "T", user: "U2"))
        #expect(backing.reads.withLock { $0 } == 3)
        _ = try await store.preferences(for: UserKey(team: "T", user: "U0"))
        #expect(backing.reads.withLock { $0 } == 4)
    }
}
