import Foundation
import TenkiBase
import TenkiCore
import TenkiMetrics

/// The configured feeds behind one in-memory store: the one way the app asks feeds for news.
///
/// - Each feed is kept for its own lifetime (`FeedLifetime`: at least 10 minutes, longer when its
///   server or its `<ttl>` asks), then asked again with its validators; a 304 keeps the stored items.
/// - One fetch per feed at a time: a lookup that finds a fetch in flight waits for that one.
/// - `collect` answers by its deadline with the feeds that arrived; a slow feed's fetch goes on in
///   the background (bounded by the client's timeout) and serves the next lookup.
/// - A failed fetch keeps the last items (served as stale, with the error) and is not retried
///   before `retryDelay` (or the server's `Retry-After`).
public actor FeedService {
    public nonisolated let sources: [FeedSource]
    let client: FeedClient
    let clock: any WallClock
    let lifetime: FeedLifetime
    let retryDelay: TimeInterval
    let upstream: UpstreamMetrics
    private let waitForDeadline: @Sendable (Duration) async -> Void

    private var entries: [String: FeedEntry] = [:]
    private var inFlight: [String: Task<Void, Never>] = [:]
    /// Signalled each time a fetch has stored its answer.
    private let stored = AsyncSignal()

    /// - Parameter waitForDeadline: returns when the deadline it is given has passed, or when the
    ///   calling task is cancelled; tests pass one they control.
    public init(
        sources: [FeedSource], client: FeedClient, clock: any WallClock, lifetime: FeedLifetime = FeedLifetime(),
        retryDelay: TimeInterval = 60, metrics: MetricsRegistry? = nil,
        waitForDeadline: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.sources = sources
        self.client = client
        self.clock = clock
        self.lifetime = lifetime
        self.retryDelay = retryDelay
        self.upstream = UpstreamMetrics(upstream: "feeds", registry: metrics)
        self.waitForDeadline = waitForDeadline
    }

    /// The feed called `name` (any case), if one is configured.
    public nonisolated func source(named name: String) -> FeedSource? {
        sources.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// What each of `sources` has within `deadline`: fresh feeds from the store at once, the others
    /// fetched concurrently, and whatever has not arrived by the deadline reported as pending.
    public func collect(_ sources: [FeedSource], within deadline: Duration) async -> [FeedOutcome] {
        let now = clock.now()
        let fetches = sources.filter { needsFetch($0, now: now) }.map { Fetch(name: $0.name, task: startFetch($0)) }
        if !fetches.isEmpty {
            let wait = waitForDeadline
            // Every fetch stored, or the deadline: whichever comes first (the fetches go on).
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.waitUntilStored(fetches) }
                group.addTask { await wait(deadline) }
                await group.next()
                group.cancelAll()
            }
        }
        let end = clock.now()
        return sources.map { outcome(for: $0, now: end) }
    }

    /// Whether a fetch of the feed called `name` has finished (for tests that wait for one).
    func hasFinishedFetch(_ name: String) -> Bool { entries[name] != nil && inFlight[name] == nil }

    /// Forgets every stored feed (fetches in flight still complete and store their answers).
    public func removeAll() { entries.removeAll() }

    private func needsFetch(_ source: FeedSource, now: Date) -> Bool {
        if inFlight[source.name] != nil { return true }
        guard let entry = entries[source.name] else { return true }
        return now >= entry.nextFetch
    }

    /// The fetch of `source` in flight, or a new one. Not a child task: it must outlive a lookup
    /// that stops waiting at its deadline, so that its answer is stored for the next.
    private func startFetch(_ source: FeedSource) -> Task<Void, Never> {
        if let running = inFlight[source.name] { return running }
        let validators = entries[source.name]?.validators
        let client = client, upstream = upstream
        // Owner: `inFlight` until it stores its answer; every lookup of the feed waits for it (up to
        // its deadline), and it ends with the client's timeout.
        let task = Task {
            let result: Result<FeedAnswer, FeedError>
            do throws(FeedError) {
                result = .success(
                    try await upstream.measure(Feeds.Operation.fetch.rawValue, errorKind: \.metricLabel) {
                        () async throws(FeedError) -> FeedAnswer in try await client.fetch(source, validators: validators)
                    })
            } catch {
                result = .failure(error)
            }
            self.store(result, for: source)
        }
        inFlight[source.name] = task
        return task
    }

    private func store(_ result: Result<FeedAnswer, FeedError>, for source: FeedSource) {
        inFlight[source.name] = nil
        let now = clock.now()
        var entry = entries[source.name] ?? FeedEntry()
        switch result {
        case .success(let answer):
            if let feed = answer.feed {
                entry.feed = Self.withoutFutureDates(feed, now: now)
                entry.validators = answer.validators
            } else if entry.feed == nil {
                // A 304 for validators this store no longer holds items for: ask again in full next time.
                entry.validators = nil
            } else if let validators = answer.validators {
                entry.validators = validators
            }
            entry.fetchedAt = entry.feed == nil ? nil : now
            entry.error = nil
            let seconds = lifetime.seconds(headers: answer.headers, feedTimeToLive: entry.feed?.timeToLive, now: now)
            entry.nextFetch = entry.feed == nil ? now : now.addingTimeInterval(seconds)
        case .failure(let error):
            entry.error = error
            var asked: TimeInterval?
            if case .upstream(_, let retryAfter?) = error.kind {
                asked = FeedLifetime.retryAfter(["Retry-After": retryAfter], now: now).map { min($0, lifetime.maximum) }
            }
            entry.nextFetch = now.addingTimeInterval(max(retryDelay, asked ?? 0))
        }
        entries[source.name] = entry
        stored.signal()
    }

    /// How far ahead of the clock an item's date may be (time zones written wrong, clocks a little off).
    static let futureDateTolerance: TimeInterval = 86_400

    /// `feed` with each item dated further ahead than `futureDateTolerance` made undated: such a date
    /// (a typo, a scheduled post) would hold the top of "newest first" until it came true.
    static func withoutFutureDates(_ feed: Feed, now: Date) -> Feed {
        let latest = now.addingTimeInterval(futureDateTolerance)
        guard feed.items.contains(where: { ($0.published ?? .distantPast) > latest }) else { return feed }
        var feed = feed
        for index in feed.items.indices where (feed.items[index].published ?? .distantPast) > latest {
            feed.items[index].published = nil
        }
        return feed
    }

    private func outcome(for source: FeedSource, now: Date) -> FeedOutcome {
        let entry = entries[source.name]
        let pending = inFlight[source.name] != nil
        return FeedOutcome(
            source: source, feed: entry?.feed, fetchedAt: entry?.fetchedAt,
            error: pending ? nil : entry?.error, isPending: pending)
    }

    /// One fetch a lookup waits for: it is over once `inFlight` no longer holds its task.
    private struct Fetch: Sendable {
        let name: String
        let task: Task<Void, Never>
    }

    /// Returns once every one of `fetches` has stored its answer, or when the task is cancelled.
    private func waitUntilStored(_ fetches: [Fetch]) async {
        while !Task.isCancelled {
            let generation = stored.generation
            guard fetches.contains(where: { inFlight[$0.name] == $0.task }) else { return }
            await stored.wait(after: generation)
        }
    }
}
