import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiLogging
import TenkiMetrics

/// The digest scheduler: one of the services `tenki serve` owns (unless `--no-scheduler` or
/// `TENKI_SCHEDULER=off`).
///
/// It keeps no memory of its own between rounds: every round re-applies the slot rule against the
/// ledger in the state file. That is what makes restarts safe: a new instance (a restart, a
/// second replica on the same file) sees what the old one claimed, posts a slot missed while it
/// was down if it is still within the catch-up window, and never posts a claimed slot again.
///
/// A digest's data is fetched `prefetchLead` ahead of its slot (see `DigestRunner.prefetch`), so
/// at the slot the message is built from the caches and queued on the second, not after a round
/// trip per city. The lead is well inside every cache lifetime (10 minutes for current weather).
/// Digests sharing cities share the fetches: the caches make one call per place.
///
/// `runOnce(now:)` is one round at a given time and returns when the next is due, so tests drive
/// it on a manual clock; `run()` is the loop around it, ending on cancellation.
public final class DigestScheduler: Service {
    let runner: DigestRunner
    let clock: any WallClock
    let logger: Logger
    let sleep: @Sendable (Duration) async -> Void
    /// The longest single sleep: the wall clock can jump (NTP, a suspended VM) while a task sleeps
    /// on a monotonic clock, so the scheduler looks again at least this often.
    let maximumSleep: Duration
    /// How long before its slot a digest's data is fetched.
    let prefetchLead: TimeInterval
    /// The slot each digest's data was last fetched for, so a wake inside the lead fetches once.
    private let prefetched = Mutex<[String: Date]>([:])
    /// Channels' morning reports, read again every round (any replica may have added one); nil
    /// without a bot token.
    let subscriptions: SubscriptionDigests?
    /// `tenki_scheduler_last_run_timestamp_seconds`, so an alert can tell a scheduler that stopped.
    let metrics: MetricsRegistry?
    static let lastRunMetric = "tenki_scheduler_last_run_timestamp_seconds"

    public init(
        runner: DigestRunner, clock: any WallClock, logger: Logger = .discarding, maximumSleep: Duration = .seconds(60),
        prefetchLead: TimeInterval = 60, subscriptions: SubscriptionDigests? = nil, metrics: MetricsRegistry? = nil,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.runner = runner
        self.subscriptions = subscriptions
        self.metrics = metrics
        metrics?.describe(Self.lastRunMetric, type: "gauge", help: "When the digest and subscription scheduler last ran a round (Unix time).")
        self.clock = clock
        self.logger = logger.with("component", "digest-scheduler")
        self.maximumSleep = maximumSleep
        self.prefetchLead = prefetchLead
        self.sleep = sleep
    }

    /// One round: every digest whose slot is due and unclaimed is built, claimed and queued; a slot
    /// beyond the catch-up window is recorded and logged once; a digest whose next slot is within
    /// `prefetchLead` has its data fetched. Returns when to look again (the earliest next slot or
    /// fetch; nil: no digest will ever fire), and what each digest did.
    @discardableResult
    public func runOnce(now: Date) async -> (next: Date?, outcomes: [String: DigestRunner.Outcome]) {
        var outcomes: [String: DigestRunner.Outcome] = [:]
        var next: Date?
        metrics?.set(Self.lastRunMetric, to: now.timeIntervalSince1970)
        await subscriptions?.settle(logger: logger)
        let reports = await subscriptions?.current(logger: logger) ?? []
        for digest in runner.digests + reports {
            outcomes[digest.name] = await runner.run(digest, now: now)
            guard let slot = runner.timing(of: digest, lead: 0).nextSlot(after: now) else { continue }
            let fetchAt = slot.addingTimeInterval(-prefetchLead)
            if now < fetchAt {
                next = min(next ?? fetchAt, fetchAt)
                continue
            }
            next = min(next ?? slot, slot)
            let isNew = prefetched.withLock { prefetched in
                defer { prefetched[digest.name] = slot }
                return prefetched[digest.name] != slot
            }
            if isNew { await runner.prefetch(digest, slot: slot, now: now) }
        }
        if let subscriptions {
            outcomes.merge(await subscriptions.rain.checkIfDue(now: now, logger: logger)) { $1 }
            let check = subscriptions.rain.nextCheck(after: now)
            next = min(next ?? check, check)
            subscriptions.track(outcomes)
        }
        return (next, outcomes)
    }

    /// Rounds until cancelled, sleeping until the next slot (at most `maximumSleep` at a time).
    public func run() async {
        logger.info("digest scheduler started", [("digests", runner.digests.map(\.name).joined(separator: ","))])
        while !Task.isCancelled {
            let (next, _) = await runOnce(now: clock.now())
            var delay = maximumSleep
            if let next {
                let seconds = max(0, next.timeIntervalSince(clock.now()))
                delay = min(delay, .timeInterval(seconds))
            }
            await sleep(max(delay, .milliseconds(10)))
        }
        logger.info("digest scheduler stopped")
    }
}
