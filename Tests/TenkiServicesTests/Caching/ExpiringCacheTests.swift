import Foundation
import TenkiMetrics
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiProviders

@Suite("ExpiringCache: lifetimes, negative caching, stale-if-error, bounds, cancellation")
struct ExpiringCacheTests {
    let clock = ManualClock()
    let loads = LoadCounter()

    func cache(
        ttl: TimeInterval = 600, negativeTTL: TimeInterval = 60, maxStaleAge: TimeInterval = 3600, maxEntries: Int = 100,
        metrics: MetricsRegistry? = nil
    ) -> ExpiringCache<String, Int, LoadError> {
        ExpiringCache(
            name: "test",
            policy: CachePolicy(
                timeToLive: ttl, negativeTimeToLive: negativeTTL, maxStaleAge: maxStaleAge, maxEntries: maxEntries),
            clock: clock, metrics: metrics, classify: \.disposition, cancellationError: { .cancelled })
    }

    /// A load that counts itself and answers `value` or throws `error`.
    func load(_ value: Int, error: LoadError? = nil) -> @Sendable () async throws(LoadError) -> Int {
        let loads = loads
        return { () async throws(LoadError) -> Int in
            loads.increment()
            if let error { throw error }
            return value
        }
    }

    /// A load that counts itself and answers `value` once `gate` lets it through.
    func held(_ value: Int, at gate: RequestGate) -> @Sendable () async throws(LoadError) -> Int {
        let loads = loads
        return { () async throws(LoadError) -> Int in
            loads.increment()
            await gate.enter()
            defer { gate.leave() }
            return value
        }
    }

    @Test("fresh within the time to live, loaded again after it")
    func timeToLive() async throws {
        let cache = cache(ttl: 600)
        let first = try await cache.lookup("k", load: load(1))
        clock.advance(by: 599)
        let second = try await cache.lookup("k", load: load(2))
        #expect(first == CachedValue(value: 1, fetchedAt: first.fetchedAt, age: 0, isStale: false))
        #expect(second.value == 1 && second.age == 599 && !second.isStale)
        clock.advance(by: 1)
        let third = try await cache.lookup("k", load: load(3))
        #expect(third.value == 3 && third.age == 0)
        #expect(loads.count == 2)
    }

    @Test("a lookup with a maximum age (Refresh) loads anew only an answer older than it; a failure then serves the old one")
    func maximumAge() async throws {
        let cache = cache(ttl: 600)
        _ = try await cache.lookup("k", load: load(1))
        clock.advance(by: 59)
        #expect(try await cache.lookup("k", maxAge: 60, load: load(2)).value == 1)
        clock.advance(by: 1)
        let refreshed = try await cache.lookup("k", maxAge: 60, load: load(3))
        #expect(refreshed.value == 3 && refreshed.age == 0)
        clock.advance(by: 120)
        #expect(try await cache.lookup("k", load: load(4)).value == 3, "without a maximum age, the time to live applies")
        let kept = try await cache.lookup("k", maxAge: 60, load: load(0, error: .unavailable))
        #expect(kept.value == 3 && kept.isStale)
        #expect(loads.count == 3)
    }

    @Test("a temporary failure serves the last good answer with its age, up to the maximum stale age")
    func staleIfError() async throws {
        let cache = cache(ttl: 600, maxStaleAge: 3600)
        _ = try await cache.lookup("k", load: load(1))
        clock.advance(by: 1500)
        let stale = try await cache.lookup("k", load: load(0, error: .unavailable))
        #expect(stale.value == 1 && stale.isStale && stale.age == 1500 && stale.staleAge == 1500)
        clock.advance(by: 2101)
        let error = await #expect(throws: LoadError.self) { try await cache.lookup("k", load: load(0, error: .unavailable)) }
        #expect(error == .unavailable)
    }

    @Test("without a previous answer, the typed error reaches the caller and nothing is remembered")
    func temporaryWithoutStale() async throws {
        let cache = cache()
        await #expect(throws: LoadError.unavailable) { try await cache.lookup("k", load: load(0, error: .unavailable)) }
        await #expect(throws: LoadError.broken) { try await cache.lookup("k", load: load(0, error: .broken)) }
        #expect(try await cache.lookup("k", load: load(7)).value == 7)
        #expect(loads.count == 3)
    }

    @Test("a miss is remembered for the negative time to live and replaces an older answer")
    func negative() async throws {
        let cache = cache(ttl: 600, negativeTTL: 60)
        _ = try await cache.lookup("k", load: load(1))
        clock.advance(by: 601)
        await #expect(throws: LoadError.notFound) { try await cache.lookup("k", load: load(0, error: .notFound)) }
        clock.advance(by: 59)
        // Within the negative TTL: no load, even one that would succeed, and no stale answer.
        await #expect(throws: LoadError.notFound) { try await cache.lookup("k", load: load(2)) }
        #expect(loads.count == 2)
        clock.advance(by: 1)
        // Past it, a temporary failure has nothing stale to fall back on: the miss replaced it.
        await #expect(throws: LoadError.unavailable) { try await cache.lookup("k", load: load(0, error: .unavailable)) }
        #expect(loads.count == 3)
    }

    @Test("the entry count never exceeds the bound, and the least recently used go first", arguments: [1, 2, 10])
    func eviction(maxEntries: Int) async throws {
        let metrics = MetricsRegistry()
        let cache = cache(maxEntries: maxEntries, metrics: metrics)
        _ = try await cache.lookup("keep", load: load(0))
        for index in 0..<(maxEntries * 5) {
            _ = try await cache.lookup("keep", load: load(-1))  // a use, so "keep" stays most recent
            _ = try await cache.lookup("key \(index)", load: load(index))
            #expect(await cache.count <= maxEntries)
        }
        if maxEntries > 1 {
            let kept = try await cache.lookup("keep", load: load(-1))
            #expect(kept.value == 0)
        }
        #expect(metrics.counter("tenki_cache_evictions_total", [("cache", "test")]) > 0)
    }

    @Test("entries past the maximum stale age are dropped before live ones")
    func deadEntriesGoFirst() async throws {
        let cache = cache(ttl: 10, maxStaleAge: 100, maxEntries: 3)
        _ = try await cache.lookup("old 1", load: load(1))
        _ = try await cache.lookup("old 2", load: load(2))
        clock.advance(by: 101)
        _ = try await cache.lookup("new 1", load: load(3))
        _ = try await cache.lookup("new 2", load: load(4))
        #expect(await cache.count == 2)
    }

    @Test("cancelling one waiter neither cancels the shared load nor fails the others")
    func cancellation() async throws {
        let metrics = MetricsRegistry()
        let cache = cache(metrics: metrics)
        let gate = RequestGate()
        gate.close()
        defer { gate.open() }
        let held = held(42, at: gate)
        let waiters = (0..<3).map { _ in Task { try await cache.lookup("k", load: held) } }
        await gate.waitUntilInFlight(atLeast: 1)
        let joined = await eventually {
            metrics.counter("tenki_cache_lookups_total", [("cache", "test"), ("result", "coalesced")]) == 2
        }
        #expect(joined)
        waiters[1].cancel()
        // The cancelled waiter returns at once, while the load is still held…
        let cancelled = await waiters[1].result
        #expect(throws: LoadError.cancelled) { try cancelled.get() }
        #expect(gate.inFlight == 1)
        // …and the others get the load's answer.
        gate.open()
        #expect(try await waiters[0].value.value == 42)
        #expect(try await waiters[2].value.value == 42)
        #expect(loads.count == 1)
    }

    @Test("a Refresh waits for a running call, but not for a load that may return an older stored answer")
    func refreshJoinsOnlyNewAnswers() async throws {
        let metrics = MetricsRegistry()
        let cache = cache(ttl: 600, metrics: metrics)
        let gate = RequestGate()
        gate.close()
        defer { gate.open() }
        let loads = loads, clock = clock
        // A load that finds an answer kept five minutes ago (the state store), held at the gate.
        let stored: @Sendable () async throws(LoadError) -> Fetched<Int> = { () async throws(LoadError) -> Fetched<Int> in
            loads.increment()
            await gate.enter()
            defer { gate.leave() }
            return Fetched(value: 1, fetchedAt: clock.now().addingTimeInterval(-300))
        }
        let fresh: @Sendable () async throws(LoadError) -> Fetched<Int> = { () async throws(LoadError) -> Fetched<Int> in
            loads.increment()
            return Fetched(value: 2, fetchedAt: clock.now())
        }
        let first = Task { try await cache.lookup("k", fetch: stored) }
        await gate.waitUntilInFlight(atLeast: 1)
        let refresh = Task { try await cache.lookup("k", maxAge: 60, fetch: fresh) }
        let ownLoad = await eventually { loads.count == 2 }
        #expect(ownLoad, "the Refresh waits for a load that may return an older answer")
        gate.open()
        let refreshed = try await refresh.value
        #expect(refreshed.value == 2 && refreshed.age == 0, "a Refresh got an answer older than it asked for")
        #expect(try await first.value.value == 1)
        #expect(loads.count == 2)

        // A call upstream answers anew: a Refresh waits for it instead of calling again.
        gate.close()
        let held = held(3, at: gate)
        let other = Task { try await cache.lookup("other", load: held) }
        await gate.waitUntilInFlight(atLeast: 1)
        let joining = Task { try await cache.lookup("other", maxAge: 60, load: held) }
        let joined = await eventually {
            metrics.counter("tenki_cache_lookups_total", [("cache", "test"), ("result", "coalesced")]) == 1
        }
        #expect(joined)
        gate.open()
        #expect(try await joining.value.value == 3)
        #expect(try await other.value.value == 3)
        #expect(loads.count == 3)
    }

    @Test("a load whose every waiter was cancelled still completes and is stored")
    func allWaitersCancelled() async throws {
        let cache = cache()
        let gate = RequestGate()
        gate.close()
        defer { gate.open() }
        let held = held(42, at: gate)
        let waiter = Task { try await cache.lookup("k", load: held) }
        await gate.waitUntilInFlight(atLeast: 1)
        waiter.cancel()
        await #expect(throws: LoadError.cancelled) { try await waiter.value }
        gate.open()
        #expect(try await cache.lookup("k", load: load(0)).value == 42)
        #expect(loads.count == 1)
    }

    @Test("an already cancelled lookup starts no load but is still answered from a fresh entry")
    func cancelledBeforeLookup() async throws {
        let cache = cache()
        _ = try await cache.lookup("fresh", load: load(1))
        let loadsBefore = loads.count
        let lookups = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let fresh = try await cache.lookup("fresh", load: load(2))
            await #expect(throws: LoadError.cancelled) { try await cache.lookup("missing", load: load(3)) }
            return fresh.value
        }
        #expect(try await lookups.value == 1)
        #expect(loads.count == loadsBefore)
    }
}
