import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiLogging
import TenkiMetrics
import TenkiStorage

/// Every outgoing post goes through here: late answers to a `response_url`, digests to an incoming
/// webhook. A message is committed to the store before its first attempt, retried by `RetryPolicy`,
/// paced per destination by `PacingBucket`, and marked delivered or dead afterwards; pending
/// messages resume when a process starts.
///
/// `runOnce(now:)` does one round and says when the next is due, so tests drive the queue on a
/// manual clock with a fake transport and never sleep. `run()` is the service loop around it.
///
/// Within a round, destinations are served concurrently and each destination's messages one after
/// another. A destination is what `DestinationFingerprint.hash` names: the webhooks of one Google
/// Chat space are one, paced by `DestinationPacing` at one post per second. Pacing is per process: two processes posting to one webhook at once (a `serve` and a
/// `digest`) could each use the full pace.
public final class DeliveryQueue: Sendable {
    struct State: ~Copyable {
        var buckets: [String: PacingBucket] = [:]
        var random: any RandomNumberGenerator & Sendable
        var lastPrune: Date?
        var lastStatistics: Date?
    }

    /// How far a round counts the outbox for `backlog`: beyond every bound on new work it is
    /// compared with (`TENKI_INBOUND_IN_FLIGHT` is 256 by default), so the count is exact wherever
    /// it decides anything, and a round's reads do not grow with the backlog.
    public static let backlogCountCeiling = 4_096
    /// How often a round reads the exact counts for the metrics (every pending row's index entry).
    public static let statisticsInterval: TimeInterval = 10

    let store: any DeliveryStore
    let transport: any HTTPTransport
    let clock: any WallClock
    public let configuration: Configuration
    let logger: Logger
    let metrics: DeliveryMetrics
    let state: Mutex<State>
    /// Signalled by `enqueue` and `retry`: new work for `run()`.
    let newWork = AsyncSignal()
    /// Signalled after each round: outcomes for `waitForOutcome`.
    let settled = AsyncSignal()
    /// Set by `releasePendingCommands`: from then on this process renews no lease, so what it
    /// gave back stays given back.
    let pendingCommandsReleased = Atomic<Bool>(false)
    /// Pending messages as the last round counted them in the store (every process's), plus those
    /// this process queued since: what `backlog` reports.
    private let pendingCount = Atomic<Int>(0)

    /// About how many messages wait in the outbox: the store's count at the end of the last round,
    /// plus what was queued here since. Cheap (no store read): for refusing new work while the
    /// outbox is backed up.
    public var backlog: Int { pendingCount.load(ordering: .relaxed) }

    /// - Parameters:
    ///   - random: the jitter's source; pass a seeded `SplitMix64` for reproducible schedules.
    ///   - metrics: the shared registry, or nil.
    public init(
        store: any DeliveryStore, transport: any HTTPTransport, clock: any WallClock = SystemWallClock(),
        configuration: Configuration = Configuration(),
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        metrics: MetricsRegistry? = nil, logger: Logger = .discarding
    ) {
        self.store = store
        self.transport = transport
        self.clock = clock
        self.configuration = configuration
        self.logger = logger.with("component", "delivery")
        self.metrics = DeliveryMetrics(registry: metrics)
        self.state = Mutex(State(random: random))
    }

    /// Stores the message (committed when this returns) and wakes `run()`.
    @discardableResult
    public func enqueue(_ delivery: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID {
        let id = try await counted("enqueue") { () throws(DeliveryStoreError) in try await store.enqueue(delivery) }
        pendingCount.add(1, ordering: .relaxed)
        logger.info("queued", [("delivery", "\(id)"), ("host", DestinationFingerprint.host(of: delivery.destination))])
        newWork.signal()
        return id
    }

    /// Re-queues a dead message (see `DeliveryStore.retry`) and wakes `run()`; false when `id` is not dead.
    public func retry(_ id: DeliveryID) async throws(DeliveryStoreError) -> Bool {
        let requeued = try await counted("retry") { () throws(DeliveryStoreError) in try await store.retry(id, now: clock.now()) }
        if requeued { newWork.signal() }
        return requeued
    }

    /// `body`, with a failure counted in tenki_state_errors_total under `operation`.
    func counted<Value>(
        _ operation: String, _ body: () async throws(DeliveryStoreError) -> Value
    ) async throws(DeliveryStoreError) -> Value {
        do throws(DeliveryStoreError) {
            return try await body()
        } catch {
            metrics.stateError(operation)
            throw error
        }
    }

    /// One round at `now`: claims due messages, posts those the pace allows, records each outcome,
    /// and returns when the next round is due (nil: nothing pending). Outcomes are timed at
    /// `max(now, clock.now())`, so a round driven by a manual clock stays in virtual time.
    @discardableResult
    public func runOnce(now: Date) async -> Date? {
        await pruneIfDue(now: now)
        let claimed: [ClaimedDelivery]
        do {
            claimed = try await store.claim(
                owner: configuration.owner, now: now, leaseDuration: configuration.leaseDuration,
                perDestination: configuration.claimsPerDestination, limit: configuration.batchSize)
        } catch {
            metrics.stateError("claim")
            logger.error("claim failed", [("error", error.description)])
            return now.addingTimeInterval(configuration.pollInterval.timeInterval)
        }
        let (lanes, deferred) = pace(claimed, now: now)
        for (delivery, at) in deferred {
            _ = try? await store.release(delivery.id, owner: configuration.owner, at: at)
        }
        await withTaskGroup(of: Void.self) { group in
            for lane in lanes {
                group.addTask { await self.send(lane, roundStart: now) }
            }
        }
        if !claimed.isEmpty { settled.signal() }
        do {
            let pending = try await store.pendingCount(atMost: Self.backlogCountCeiling)
            pendingCount.store(pending, ordering: .relaxed)
            if statisticsDue(now: now) {
                metrics.update(try await store.statistics(), now: now)
            } else if pending < Self.backlogCountCeiling {
                metrics.updatePending(pending)
            }
            return try await store.nextDueTime()
        } catch {
            metrics.stateError("read")
            logger.error("store read failed", [("error", error.description)])
            return now.addingTimeInterval(configuration.pollInterval.timeInterval)
        }
    }

    /// Splits claims into per-destination lanes that the pace allows now, and the rest with the
    /// time their destination has a token again.
    private func pace(
        _ claimed: [ClaimedDelivery], now: Date
    ) -> (lanes: [[ClaimedDelivery]], deferred: [(ClaimedDelivery, Date)]) {
        state.withLock { state in
            var order: [String] = []
            var lanes: [String: [ClaimedDelivery]] = [:]
            var deferred: [(ClaimedDelivery, Date)] = []
            state.buckets = state.buckets.filter { !$0.value.isFull(at: now) }
            // The key is the destination hash: a webhook's URL, or for `chat.postMessage` the URL
            // and channel (Slack's limit is per channel). The buckets live in this process only; a
            // channel's one post a second across replicas is its posting turn in the shared state
            // (`DeliveryStore.takePostingTurn`, taken just before each post).
            for delivery in claimed {
                let key = delivery.destinationHash
                let pace = DestinationPacing.pace(
                    for: delivery.destination, rate: configuration.pacingRate,
                    burst: Double(configuration.pacingBurst(for: delivery.destinationKind)))
                var bucket = state.buckets[key] ?? PacingBucket(rate: pace.rate, burst: pace.burst, now: now)
                if bucket.tryTake(now: now) {
                    if lanes[key] == nil { order.append(key) }
                    lanes[key, default: []].append(delivery)
                } else {
                    deferred.append((delivery, bucket.nextAvailable(now: now)))
                }
                state.buckets[key] = bucket
            }
            return (order.compactMap { lanes[$0] }, deferred)
        }
    }

    /// Whether this round reads the exact counts: the first round, then every `statisticsInterval`.
    private func statisticsDue(now: Date) -> Bool {
        state.withLock { state in
            if let last = state.lastStatistics, now.timeIntervalSince(last) < Self.statisticsInterval, now >= last {
                return false
            }
            state.lastStatistics = now
            return true
        }
    }

    private func pruneIfDue(now: Date) async {
        let due = state.withLock { state -> Bool in
            if let last = state.lastPrune, now.timeIntervalSince(last) < configuration.pruneInterval { return false }
            state.lastPrune = now
            return true
        }
        guard due else { return }
        do {
            let removed = try await store.pruneDelivered(before: now.addingTimeInterval(-configuration.retention))
            if removed > 0 { logger.info("pruned delivered messages", [("count", "\(removed)")]) }
        } catch {
            metrics.stateError("prune")
            logger.warning("prune failed", [("error", error.description)])
        }
    }
}

extension DeliveryQueue {
    /// Wakes `run()` for a message that was queued outside `enqueue` (the digest ledger inserts its
    /// message in the same transaction as its claim), so it is posted at once, not at the next poll.
    public func wake() {
        newWork.signal()
    }
}
