import Foundation
import TenkiBase
import TenkiCore
import TenkiDelivery
import TenkiLogging

/// The two waits of a digest run: for a slot up to `DigestTiming.commandLead` ahead, on the
/// injected clock, and for the queued messages' ends, with the queue running in this process.
extension DigestCommand {
    /// The slot the run is for when it still lies ahead (within the command's lead), else nil.
    static func slotAhead(of digest: Settings.DigestSettings, runner: DigestRunner, now: Date) -> Date? {
        guard case .due(let slot) = runner.timing(of: digest, lead: DigestTiming.commandLead).decide(now: now), slot > now
        else { return nil }
        return slot
    }

    /// Waits, on `clock`, until the digest's slot arrives when it lies ahead (a run started up to
    /// `DigestTiming.commandLead` early); the time to run the slot rule at, with no lead, so the
    /// slot is posted on its minute. `--force` never waits.
    static func arrival(
        of digest: Settings.DigestSettings, runner: DigestRunner, force: Bool, clock: any WallClock, sleep: Sleep, logger: Logger
    ) async -> Date {
        let now = clock.now()
        guard !force, let slot = slotAhead(of: digest, runner: runner, now: now) else { return now }
        logger.info(
            "waiting for the digest slot", [("digest", digest.name), ("slot", runner.timing(of: digest, lead: 0).describe(slot))])
        while !Task.isCancelled {
            let remaining = slot.timeIntervalSince(clock.now())
            guard remaining > 0 else { break }
            await sleep(.milliseconds(Int64((min(remaining, maximumSleep) * 1000).rounded(.up))))
        }
        return clock.now()
    }

    /// Runs the queue in this process until every posted message is settled or the wait is over;
    /// the worst end of a digest's message, as an exit code.
    static func waitForDeliveries(
        _ posted: [Posted], queue: DeliveryQueue, wait: Duration, metrics: DigestMetrics, report: inout Report
    ) async -> ExitCode {
        await withTaskGroup(of: Void.self) { sending in
            sending.addTask { await queue.run() }
            let worst = await waitForOutcomes(posted, queue: queue, wait: wait, metrics: metrics, report: &report)
            sending.cancelAll()
            return worst
        }
    }

    /// Each posted message's end, within `wait` in all; the worst, as an exit code.
    private static func waitForOutcomes(
        _ posted: [Posted], queue: DeliveryQueue, wait: Duration, metrics: DigestMetrics, report: inout Report
    ) async -> ExitCode {
        let end = ContinuousClock.now + wait
        var worst = ExitCode.success
        for message in posted {
            let (label, id) = (message.label, message.id)
            let outcome = await queue.waitForOutcome(id, timeout: max(.zero, end - ContinuousClock.now))
            switch outcome {
            case .delivered, .notFound:
                message.digest.map { metrics.run($0, "delivered") }
                report.diagnostics.append("\(label) delivered (delivery \(id))")
            case .dead(let reason):
                message.digest.map { metrics.run($0, "dead") }
                report.diagnostics.append("\(label) dead (delivery \(id)): \(reason); see tenki outbox")
                if message.digest != nil { worst = .failure }
            case .pending:
                message.digest.map { metrics.run($0, "pending") }
                report.diagnostics.append(
                    "\(label) still pending after the wait (delivery \(id)); it stays queued in the state file")
                if message.digest != nil, worst == .success { worst = .temporaryFailure }
            }
        }
        return worst
    }
}
