import Foundation
import TenkiBase
import TenkiCore
import TenkiLogging

/// The digest scheduler that `tenki serve` runs in the background (unless `--no-scheduler` or
/// `TENKI_SCHEDULER=off`).
///
/// It keeps no memory of its own between rounds: every round re-applies the slot rule against the
/// ledger in the state file. That is what makes restarts safe: a new instance (a restart, a
/// second replica on the same file) sees what the old one claimed, posts a slot missed while it
/// was down if it is still within the catch-up window, and never posts a claimed slot again.
///
/// `runOnce(now:)` is one round at a given time and returns when the next is due, so tests drive
/// it on a manual clock; `run()` is the loop around it, ending on cancellation.
public final class DigestScheduler: Sendable {
    let runner: DigestRunner
    let clock: any WallClock
    let logger: Logger
    let sleep: @Sendable (Duration) async -> Void
    /// The longest single sleep: the wall clock can jump (NTP, a suspended VM) while a task sleeps
    /// on a monotonic clock, so the scheduler looks again at least this often.
    let maximumSleep: Duration

    public init(
        runner: DigestRunner, clock: any WallClock, logger: Logger = .discarding, maximumSleep: Duration = .seconds(60),
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.runner = runner
        self.clock = clock
        self.logger = logger.with("component", "digest-scheduler")
        self.maximumSleep = maximumSleep
        self.sleep = sleep
    }

    /// One round: every digest whose slot is due and unclaimed is built, claimed and queued; a slot
    /// beyond the catch-up window is recorded and logged once. Returns the earliest next slot
    /// (nil: no digest will ever fire), and what each digest did.
    @discardableResult
    public func runOnce(now: Date) async -> (next: Date?, outcomes: [String: DigestRunner.Outcome]) {
        var outcomes: [String: DigestRunner.Outcome] = [:]
        var next: Date?
        for digest in runner.digests {
            outcomes[digest.name] = await runner.run(digest, now: now)
            if let slot = runner.timing(of: digest, lead: 0).nextSlot(after: now) {
                next = min(next ?? slot, slot)
            }
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
