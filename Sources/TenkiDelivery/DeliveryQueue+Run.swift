import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiStorage

/// One of the services `serve` owns: `run` ends on cancellation. Nothing is left to drain: an
/// accepted delivery is in the store before `enqueue` returns, and one cut short by the stop stays
/// pending there for the next start (or another replica).
extension DeliveryQueue: Service {}

extension DeliveryQueue {
    /// The service loop: rounds until the task is cancelled, sleeping until the next message is due,
    /// `enqueue`/`retry` wake it, or `pollInterval` passes (for work another process added to the file).
    public func run() async {
        logger.info("delivery queue started", [("owner", configuration.owner)])
        while !Task.isCancelled {
            let generation = newWork.generation
            let next = await runOnce(now: clock.now())
            var delay = configuration.pollInterval
            if let next {
                let untilNext = Duration.timeInterval(max(0, next.timeIntervalSince(clock.now())))
                delay = min(delay, untilNext)
            }
            await newWork.wait(after: generation, timeout: max(delay, .milliseconds(1)))
        }
        logger.info("delivery queue stopped")
    }

    /// Waits until the message is delivered or dead, or `timeout` passes (then `.pending`), for
    /// `tenki digest`. Another process' queue may be the one sending it: the store is re-read at
    /// least every `pollInterval`.
    public func waitForOutcome(_ id: DeliveryID, timeout: Duration) async -> Outcome {
        let end = ContinuousClock.now + timeout
        while true {
            let generation = settled.generation
            do {
                guard let summary = try await store.summary(of: id) else { return .notFound }
                switch summary.state {
                case .delivered: return .delivered
                case .dead: return .dead(reason: summary.lastError ?? "dead")
                case .pending: break
                }
            } catch {
                logger.warning("reading an outcome failed", [("delivery", "\(id)"), ("error", error.description)])
            }
            let remaining = end - ContinuousClock.now
            guard remaining > .zero, !Task.isCancelled else { return .pending }
            await settled.wait(after: generation, timeout: min(remaining, configuration.pollInterval))
        }
    }
}
