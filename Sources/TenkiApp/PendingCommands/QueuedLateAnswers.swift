import Foundation
import TenkiBase
import TenkiCore
import TenkiLogging
import TenkiDelivery
import TenkiStorage

/// Late answers go through the delivery queue: committed first, then posted to the
/// `response_url` with retries, within Slack's 30 minutes and 5 uses.
///
/// The work itself (a command or a press) is committed too, before the acknowledgement goes back:
/// held as a pending command under this process' lease, renewed while the answer is looked up, and
/// completed by queueing the answer in the same transaction. If the process dies in between, the
/// lease ends and `AbandonedCommands` (here after a restart, or on another replica) runs the work
/// again and answers it, once.
struct QueuedLateAnswers: LateAnswerDelivery {
    let queue: DeliveryQueue
    let clock: any WallClock
    var lease: PendingCommandLease = .standard
    /// Waits between tries to queue an answer while the state is briefly away (a database
    /// restarting takes about a second) before it is posted directly.
    var completionRetries: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]

    func owe(
        _ work: PendingWork, held: AsyncSignal, answer: @escaping @Sendable () async -> LateAnswer?, logger: Logger
    ) async {
        let createdAt = clock.now()
        let pending: PendingCommandID?
        do throws(DeliveryStoreError) {
            pending = try await queue.hold(
                NewPendingCommand(
                    payload: work.record, destination: work.destination, destinationKind: work.kind, createdAt: createdAt,
                    installationKey: work.installationKey),
                lease: lease.duration)
        } catch {
            // The answer is still queued when ready; only a crash before then would lose it.
            logger.warning("command could not be kept as pending work", [("error", error.description)])
            pending = nil
        }
        held.signal()
        await settle(pending, of: work, promisedAt: createdAt, answer: answer, logger: logger)
    }

    /// Keeps `pending`'s lease while `answer` runs, then queues the answer and forgets the pending
    /// work in one transaction. Also how `AbandonedCommands` answers work it took over.
    func settle(
        _ pending: PendingCommandID?, of work: PendingWork, promisedAt: Date,
        answer: @escaping @Sendable () async -> LateAnswer?, logger: Logger
    ) async {
        let (queue, lease) = (queue, lease)
        await withTaskGroup(of: Void.self) { group in
            if let pending { group.addTask { await lease.keep(pending, on: queue, logger: logger) } }
            defer { group.cancelAll() }
            // Stopping: a cancelled lookup's answer is an error, not the answer. The drain ends
            // this process' leases, and another process answers the work.
            guard let late = await answer(), !Task.isCancelled else { return }
            var delivery = NewDelivery(
                kind: work.deliveryKind, destination: late.destination ?? work.destination,
                destinationKind: late.kind ?? work.kind, body: late.body, createdAt: promisedAt)
            delivery.installationKey = work.installationKey
            let id = await deliver(delivery, completing: pending, logger: logger)
            if let follow = late.afterDelivery, let id,
                await queue.waitForOutcome(id, timeout: LateAnswer.followUpWait) == .delivered
            {
                var next = NewDelivery(
                    kind: work.deliveryKind, destination: delivery.destination, destinationKind: delivery.destinationKind,
                    body: follow,
                    createdAt: promisedAt)
                next.installationKey = work.installationKey
                _ = try? await queue.enqueue(next)
            }
        }
    }

    /// Queues `delivery` and forgets the pending work, in one transaction; tried again while the
    /// state is briefly away (its lease kept meanwhile, so no other process answers), then posted
    /// directly. The delivery's id when it was queued.
    private func deliver(_ delivery: NewDelivery, completing pending: PendingCommandID?, logger: Logger) async -> DeliveryID? {
        var waits = completionRetries[...]
        while true {
            do throws(DeliveryStoreError) {
                guard let pending else {
                    let id = try await queue.enqueue(delivery)
                    logger.info("late answer queued", [("delivery", "\(id)")])
                    return id
                }
                guard let id = try await queue.complete(pending, with: delivery) else {
                    logger.notice(
                        "late answer dropped: another process took the command over and answers it",
                        [
                            ("pending", "\(pending)")
                        ])
                    return nil
                }
                logger.info("late answer queued", [("delivery", "\(id)")])
                return id
            } catch {
                guard let wait = waits.popFirst() else {
                    await postDirectly(delivery, because: error, logger: logger)
                    if let pending { await forgetWhenPossible(pending, until: delivery.deadline, logger: logger) }
                    return nil
                }
                try? await Task.sleep(for: wait)
            }
        }
    }

    /// The state refused the answer (read-only, full, away for longer than the retries): posted
    /// once straight away instead, so the user is not left with "Looking up…". The queue counts
    /// the failure in tenki_state_errors_total and the attempt's outcome in the delivery metrics.
    private func postDirectly(_ delivery: NewDelivery, because error: DeliveryStoreError, logger: Logger) async {
        logger.error("late answer could not be queued; posting it directly", [("error", error.description)])
        await queue.postUnqueued(delivery)
    }

    /// Forgets work answered directly as soon as the state takes it, trying every 250 ms until its
    /// destination expires (a failed try costs nothing while the pool backs off), so that no other
    /// process answers it again. The lease may have ended during a long outage: a process that
    /// takes the work over first answers it a second time, which is logged.
    private func forgetWhenPossible(_ pending: PendingCommandID, until deadline: Date, logger: Logger) async {
        while !Task.isCancelled, clock.now() < deadline {
            do throws(DeliveryStoreError) {
                if try await !queue.forget(pending) {
                    logger.warning(
                        "a command answered directly was taken over first: its user may see the answer twice",
                        [
                            ("pending", "\(pending)")
                        ])
                }
                return
            } catch {
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        logger.warning(
            "a command answered directly could not be forgotten before its destination expired",
            [
                ("pending", "\(pending)")
            ])
    }
}
