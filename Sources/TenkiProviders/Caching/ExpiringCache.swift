import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiMetrics

/// A bounded, in-memory cache in front of one kind of upstream call, shared by every request in
/// the process.
///
/// - Time to live, negative caching and stale-if-error follow a `CachePolicy`, on an injected
///   `WallClock` so tests move time instead of waiting.
/// - Single flight: concurrent lookups of one key share ONE load. The load runs in its own task,
///   so a waiter that is cancelled neither cancels it nor fails the others, and its result is
///   stored even if every waiter has gone. The cancelled waiter itself returns at once with
///   `cancellationError()` rather than waiting for the load (a handler past its deadline should
///   not linger for the upstream's timeout).
/// - Bounded memory: at most `policy.maxEntries` entries; dead entries (past `maxStaleAge`, or
///   expired misses) go first, then the least recently used.
///
/// An actor: every operation is a dictionary access, while the loads themselves run outside it.
public actor ExpiringCache<Key: Hashable & Sendable, Value: Sendable, Failure: Error & Sendable> {
    /// A fixed, low-cardinality name (`weather`, `forecast`, `geocoding`, `news`): the `cache`
    /// label of this cache's metrics.
    public nonisolated let name: String
    public nonisolated let policy: CachePolicy
    private let clock: any WallClock
    private let metrics: CacheMetrics
    private let classify: @Sendable (Failure) -> FailureDisposition
    private let cancellationError: @Sendable () -> Failure

    private struct Entry {
        enum Content {
            case value(Value)
            case failure(Failure)
        }
        var content: Content
        var storedAt: Date
        var lastUsed: UInt64
    }

    private typealias Outcome = Result<CachedValue<Value>, Failure>

    /// One load in progress, shared by every lookup of its key: its outcome is set once, then
    /// `done` is signalled. A lookup waits for `done`, or for its own cancellation.
    private final class Flight: Sendable {
        let done = AsyncSignal()
        /// The oldest answer the load may return (0 for a call upstream): a lookup that asks for
        /// a younger one (Refresh) does not wait for this load but starts its own.
        let oldestAnswer: TimeInterval
        private let result = Mutex<Outcome?>(nil)

        init(oldestAnswer: TimeInterval) {
            self.oldestAnswer = oldestAnswer
        }

        var outcome: Outcome? { result.withLock { $0 } }

        func finish(_ outcome: Outcome) {
            result.withLock { $0 = outcome }
            done.signal()
        }
    }

    private var entries: [Key: Entry] = [:]
    private var inFlight: [Key: Flight] = [:]
    /// A use counter: cheaper than dates for least-recently-used order, and never equal twice.
    private var tick: UInt64 = 0

    /// - Parameters:
    ///   - classify: what a failure of `load` means (see `FailureDisposition`).
    ///   - cancellationError: what a lookup whose task is cancelled throws.
    public init(
        name: String, policy: CachePolicy, clock: any WallClock, metrics: MetricsRegistry? = nil,
        classify: @escaping @Sendable (Failure) -> FailureDisposition,
        cancellationError: @escaping @Sendable () -> Failure
    ) {
        self.name = name
        self.policy = policy
        self.clock = clock
        self.metrics = CacheMetrics(registry: metrics, cache: name)
        self.classify = classify
        self.cancellationError = cancellationError
    }

    /// The value for `key`: from the cache while fresh; else from `load`, shared with any
    /// concurrent lookup of the same key; else, when `load` fails temporarily, the last good
    /// answer marked stale with its age. Otherwise `load`'s error (remembered if negative).
    /// - Parameter maxAge: a value older than this is asked for anew even within the time to live
    ///   (a person pressing Refresh); remembered failures keep their own time to live.
    public func lookup(
        _ key: Key, maxAge: TimeInterval? = nil, load: @escaping @Sendable () async throws(Failure) -> Value
    ) async throws(Failure) -> CachedValue<Value> {
        let clock = clock
        return try await lookup(key, maxAge: maxAge, loadReturnsOnlyNew: true) { () async throws(Failure) -> Fetched<Value> in
            Fetched(value: try await load(), fetchedAt: clock.now())
        }
    }

    /// As `lookup(_:maxAge:load:)`, for a load that may find an answer fetched earlier (kept in
    /// the state store by this or another process): it says when, and the answer ages from then.
    public func lookup(
        _ key: Key, maxAge: TimeInterval? = nil, fetch load: @escaping @Sendable () async throws(Failure) -> Fetched<Value>
    ) async throws(Failure) -> CachedValue<Value> {
        try await lookup(key, maxAge: maxAge, loadReturnsOnlyNew: false, fetch: load)
    }

    /// `loadReturnsOnlyNew`: the load calls upstream, so any lookup may wait for it; otherwise it
    /// may return an answer as old as this lookup accepts, and only lookups that accept as old wait.
    private func lookup(
        _ key: Key, maxAge: TimeInterval?, loadReturnsOnlyNew: Bool,
        fetch load: @escaping @Sendable () async throws(Failure) -> Fetched<Value>
    ) async throws(Failure) -> CachedValue<Value> {
        let now = clock.now()
        let freshFor = min(policy.timeToLive, maxAge ?? .infinity)
        if var entry = entries[key] {
            let age = now.timeIntervalSince(entry.storedAt)
            switch entry.content {
            case .value(let value) where age < freshFor:
                entry.lastUsed = nextTick()
                entries[key] = entry
                metrics.lookup("hit")
                return CachedValue(value: value, fetchedAt: entry.storedAt, age: age, isStale: false)
            case .failure(let error) where age < policy.negativeTimeToLive:
                entry.lastUsed = nextTick()
                entries[key] = entry
                metrics.lookup("negative_hit")
                throw error
            case .value, .failure:
                break
            }
        }
        let flight: Flight
        if let current = inFlight[key], current.oldestAnswer <= freshFor {
            metrics.lookup("coalesced")
            flight = current
        } else {
            guard !Task.isCancelled else { throw cancellationError() }
            metrics.lookup("miss")
            flight = Flight(oldestAnswer: loadReturnsOnlyNew ? 0 : freshFor)
            // A flight this replaces still answers its own waiters; it only stops being joined.
            inFlight[key] = flight
            // Not a child task: the load must outlive any one waiter's cancellation. Owner: the flight
            // in `inFlight`; every lookup of the key waits for it, and it ends with the client's timeout.
            Task { await self.run(key, load, flight) }
        }
        // Returns at once when this lookup is cancelled; the load goes on for the others.
        await flight.done.wait()
        let result = flight.outcome ?? .failure(cancellationError())
        if case .success(let cached) = result, cached.isStale { metrics.staleServed() }
        return try result.get()
    }

    /// Entries held now (fresh, stale and negative).
    public var count: Int { entries.count }

    /// Stores `value` for `key` as fresh now, unless the cache already holds something for it: for
    /// warming a new process from answers kept elsewhere (the state file). Not counted as a lookup.
    public func seed(_ key: Key, with value: Value) {
        guard entries[key] == nil, entries.count < policy.maxEntries else { return }
        store(.value(value), for: key, at: clock.now())
    }

    /// Forgets every entry (loads in flight still complete and store their answers).
    public func removeAll() {
        entries.removeAll()
        metrics.entries(0)
    }

    private func run(_ key: Key, _ load: @Sendable () async throws(Failure) -> Fetched<Value>, _ flight: Flight) async {
        let result: Result<Fetched<Value>, Failure>
        do throws(Failure) {
            result = .success(try await load())
        } catch {
            result = .failure(error)
        }
        let outcome = finish(key, result)
        if inFlight[key] === flight { inFlight[key] = nil }
        flight.finish(outcome)
    }

    /// Stores what a load produced and decides what its waiters get.
    private func finish(_ key: Key, _ result: Result<Fetched<Value>, Failure>) -> Outcome {
        let now = clock.now()
        switch result {
        case .success(let fetched):
            let fetchedAt = min(fetched.fetchedAt, now)
            store(.value(fetched.value), for: key, at: fetchedAt)
            return .success(
                CachedValue(value: fetched.value, fetchedAt: fetchedAt, age: now.timeIntervalSince(fetchedAt), isStale: false))
        case .failure(let error):
            switch classify(error) {
            case .negative:
                store(.failure(error), for: key, at: now)
                return .failure(error)
            case .temporary:
                guard var entry = entries[key], case .value(let value) = entry.content else { return .failure(error) }
                let age = now.timeIntervalSince(entry.storedAt)
                guard age <= policy.maxStaleAge else { return .failure(error) }
                entry.lastUsed = nextTick()
                entries[key] = entry
                return .success(CachedValue(value: value, fetchedAt: entry.storedAt, age: age, isStale: true))
            case .permanent:
                return .failure(error)
            }
        }
    }

    private func store(_ content: Entry.Content, for key: Key, at now: Date) {
        entries[key] = Entry(content: content, storedAt: now, lastUsed: nextTick())
        if entries.count > policy.maxEntries { evict(now: now) }
        metrics.entries(entries.count)
    }

    /// Drops dead entries, then, if still over the bound, the least recently used down to 90 %
    /// of it, so the sort is paid once per tenth of the capacity rather than on every insert.
    private func evict(now: Date) {
        let before = entries.count
        let keepValuesFor = max(policy.timeToLive, policy.maxStaleAge)
        entries = entries.filter { _, entry in
            let age = now.timeIntervalSince(entry.storedAt)
            switch entry.content {
            case .value: return age <= keepValuesFor
            case .failure: return age < policy.negativeTimeToLive
            }
        }
        if entries.count > policy.maxEntries {
            let target = policy.maxEntries - policy.maxEntries / 10
            let oldest = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(entries.count - target)
            for (key, _) in oldest { entries[key] = nil }
        }
        metrics.evicted(before - entries.count)
    }

    private func nextTick() -> UInt64 {
        tick &+= 1
        return tick
    }
}

/// What a cache's load produced: the value, and when the upstream gave it (now, unless the load
/// found an answer kept from earlier).
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: Date

    public init(value: Value, fetchedAt: Date) {
        self.value = value
        self.fetchedAt = fetchedAt
    }
}
