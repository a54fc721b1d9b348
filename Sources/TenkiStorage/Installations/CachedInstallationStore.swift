import Foundation
import Synchronization
import TenkiCore
import TenkiSecurity

/// Installations remembered in memory in front of the store, so a command pays neither a database
/// read nor a decryption: the opened installation is kept, per (enterprise, team) asked for.
///
/// - Writes through this cache (save, delete, an uninstall, a completed refresh) forget every
///   entry that involves the key written, before returning; a read that raced with a write is
///   not remembered.
/// - A change made by another replica is seen within `timeToLive` (default 30 s); "not installed"
///   is remembered for `absentTimeToLive` only (default 5 s), so an install through another
///   replica is soon seen.
/// - A rotating token is never served after its expiry: such an entry is read again.
/// - At most `maxEntries`; when full, the memory is emptied and refills from the store.
public final class CachedInstallationStore: InstallationStore {
    private struct Lookup: Hashable {
        var enterprise: String?
        var team: String
    }

    private struct Entry {
        var installation: Installation?
        var readAt: Date
    }

    private let store: any InstallationStore
    private let clock: any WallClock
    private let timeToLive: TimeInterval
    private let absentTimeToLive: TimeInterval
    private let maxEntries: Int
    /// `writes` counts writes, so a read that raced with one does not remember what it read.
    private let state = Mutex<(entries: [Lookup: Entry], writes: UInt64)>(([:], 0))

    public init(
        _ store: any InstallationStore, clock: any WallClock, timeToLive: TimeInterval = 30, absentTimeToLive: TimeInterval = 5,
        maxEntries: Int = 10_000
    ) {
        self.store = store
        self.clock = clock
        self.timeToLive = timeToLive
        self.absentTimeToLive = absentTimeToLive
        self.maxEntries = max(1, maxEntries)
    }

    /// Entries held now, for tests and metrics.
    public var count: Int { state.withLock { $0.entries.count } }

    /// What memory holds for the lookup, if fresh: `.some(nil)` is a remembered "not installed",
    /// nil sends the caller to `installation(enterprise:team:)`. Never touches the store.
    public func remembered(enterprise: String?, team: String) -> Installation?? {
        let now = clock.now()
        guard let entry = state.withLock({ $0.entries[Lookup(enterprise: enterprise, team: team)] }), isFresh(entry, at: now)
        else { return nil }
        return .some(entry.installation)
    }

    public func installation(enterprise: String?, team: String) async throws(InstallationStoreError) -> Installation? {
        let lookup = Lookup(enterprise: enterprise, team: team)
        let now = clock.now()
        let (entry, writes) = state.withLock { ($0.entries[lookup], $0.writes) }
        if let entry, isFresh(entry, at: now) { return entry.installation }
        let read = try await store.installation(enterprise: enterprise, team: team)
        state.withLock { state in
            guard state.writes == writes else { return }
            if state.entries[lookup] == nil, state.entries.count >= maxEntries { state.entries.removeAll(keepingCapacity: true) }
            state.entries[lookup] = Entry(installation: read, readAt: now)
        }
        return read
    }

    public func save(_ installation: Installation) async throws(InstallationStoreError) {
        defer { forget(installation.key) }
        try await store.save(installation)
    }

    @discardableResult
    public func deleteInstallation(key: String) async throws(InstallationStoreError) -> Bool {
        defer { forget(key) }
        return try await store.deleteInstallation(key: key)
    }

    public func deleteEverything(key: String) async throws(InstallationStoreError) -> InstallationRemoval {
        defer { forget(key) }
        return try await store.deleteEverything(key: key)
    }

    public func count() async throws(InstallationStoreError) -> Int { try await store.count() }

    public func keysDueForRefresh(margin: TimeInterval) async throws(InstallationStoreError) -> [String] {
        try await store.keysDueForRefresh(margin: margin)
    }

    public func claimRefresh(
        key: String, owner: String, lease: TimeInterval, margin: TimeInterval
    ) async throws(InstallationStoreError) -> Installation? {
        try await store.claimRefresh(key: key, owner: owner, lease: lease, margin: margin)
    }

    public func completeRefresh(
        key: String, owner: String, botToken: SlackBotToken, rotation: TokenRotation
    ) async throws(InstallationStoreError) -> Bool {
        defer { forget(key) }
        return try await store.completeRefresh(key: key, owner: owner, botToken: botToken, rotation: rotation)
    }

    @discardableResult
    public func releaseRefresh(key: String, owner: String) async throws(InstallationStoreError) -> Bool {
        try await store.releaseRefresh(key: key, owner: owner)
    }

    private func isFresh(_ entry: Entry, at now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.readAt)
        guard age >= 0, age < (entry.installation == nil ? absentTimeToLive : timeToLive) else { return false }
        if let expiresAt = entry.installation?.rotation?.expiresAt, expiresAt <= now { return false }
        return true
    }

    /// Forgets every entry `key` could answer: asked for by that team or enterprise, or answered
    /// by that installation (whether the write succeeded or not: the store's state is then unknown).
    private func forget(_ key: String?) {
        state.withLock { state in
            state.writes &+= 1
            guard let key else { return }
            state.entries = state.entries.filter { lookup, entry in
                lookup.team != key && lookup.enterprise != key && entry.installation?.key != key
            }
        }
    }
}
