import Foundation
import Synchronization
import TenkiBase
import TenkiCore

/// Saved preferences remembered in memory in front of another store (the state file), so that a
/// command does not cost a SQLite query, and so that the listener's thread can read them when it
/// answers from the reply cache.
///
/// Writes go through to the store first and are remembered only once they succeeded. A read is
/// remembered for `timeToLive` (default 60 s), which bounds how long a change made by another
/// process sharing the state file goes unseen (plus at most `refreshGrace` while it is read again).
/// The listener's thread reads memory only (`remembered(for:)`): a user not in memory takes the
/// asynchronous path once, which reads the store. When a remembered read expires, the first look-up
/// takes that path and the others keep the expired value meanwhile (`ExpiringEntry`), so that a busy
/// user's requests do not all leave the listener's thread at once. Failed reads are not remembered. At most
/// `maxEntries` users are kept; when full, the memory is emptied (it refills from the store).
public final class CachedUserPreferencesStore: UserPreferencesStore {
    /// How long an expired value stands in while the first look-up after its expiry reads the store
    /// again; a read that fails, and so remembers nothing, sends every look-up to the store after it.
    public static let refreshGrace: TimeInterval = 1

    private let store: any UserPreferencesStore
    private let clock: any WallClock
    private let timeToLive: TimeInterval
    private let maxEntries: Int
    /// `writes` counts saves and forgets, so a read that raced with one does not remember what it read.
    private let state = Mutex<(entries: [UserKey: ExpiringEntry<UserPreferences>], writes: UInt64)>(([:], 0))

    public init(_ store: any UserPreferencesStore, clock: any WallClock, timeToLive: TimeInterval = 60, maxEntries: Int = 10_000) {
        self.store = store
        self.clock = clock
        self.timeToLive = timeToLive
        self.maxEntries = max(1, maxEntries)
    }

    /// What memory holds for `key`, if still fresh; never touches the store, so the listener's
    /// thread may call it. Nil sends the caller to the asynchronous path.
    public func remembered(for key: UserKey) -> UserPreferences? {
        remembered(for: key, at: clock.now())
    }

    /// The same, at `now`: a reading of this store's clock that the caller makes once for all it
    /// looks up for a request.
    public func remembered(for key: UserKey, at now: Date) -> UserPreferences? {
        state.withLock { $0.entries.lookUp(key, at: now, grace: Self.refreshGrace) }
    }

    public func preferences(for key: UserKey) async throws(PreferencesStoreError) -> UserPreferences {
        let now = clock.now()
        let (remembered, writes) = state.withLock { ($0.entries[key], $0.writes) }
        if let remembered, remembered.isFresh(at: now) { return remembered.value }
        let read = try await store.preferences(for: key)
        state.withLock { state in
            if state.writes == writes { remember(read, for: key, at: now, in: &state.entries) }
        }
        return read
    }

    public func save(_ preferences: UserPreferences, for key: UserKey) async throws(PreferencesStoreError) {
        do {
            try await store.save(preferences, for: key)
        } catch {
            written(nil, for: key)
            throw error
        }
        written(preferences, for: key)
    }

    public func forget(_ key: UserKey) async throws(PreferencesStoreError) {
        do {
            try await store.forget(key)
        } catch {
            written(nil, for: key)
            throw error
        }
        written(UserPreferences(), for: key)
    }

    /// After a write: remember what was written, or (when it failed) nothing, since the store's state is unknown.
    private func written(_ preferences: UserPreferences?, for key: UserKey) {
        let now = clock.now()
        state.withLock { state in
            state.writes &+= 1
            if let preferences {
                remember(preferences, for: key, at: now, in: &state.entries)
            } else {
                state.entries[key] = nil
            }
        }
    }

    private func remember(
        _ preferences: UserPreferences, for key: UserKey, at now: Date,
        in entries: inout [UserKey: ExpiringEntry<UserPreferences>]
    ) {
        if entries[key] == nil, entries.count >= maxEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = ExpiringEntry(preferences, storedAt: now, validUntil: now.addingTimeInterval(timeToLive))
    }
}
