import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Late answers go through the delivery queue: committed first, then posted to the
/// `response_url` with retries, within Slack's 30 minutes and 5 uses.
///
/// The command itself is committed too, before the placeholder goes back: held as a pending
/// command under this process' lease, renewed while the lookup runs, and completed by queueing the
/// answer in the same transaction. If the process dies in between, the lease ends and
/// `AbandonedCommands` (here after a restart, or on another replica) looks the command up again
/// and answers it, once.
struct QueuedLateAnswers: LateAnswerDelivery {
    /// How long the placeholder may wait for its command to be committed. Usually a millisecond;
    /// the bound is for a state held busy by another process, since the budget has already spent
    /// most of Slack's 3 seconds.
    static let holdWait: Duration = .milliseconds(300)

    let queue: DeliveryQueue
    let clock: any WallClock
    var lease: PendingCommandLease = .standard
    /// Waits between tries to queue an answer while the state is briefly away (a database
    /// restarting takes about a second) before it is posted directly.
    var completionRetries: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]

    func promise(
        _ command: SlashCommandPayload, to destination: URL, kind: DestinationKind, logger: Logger
    ) async -> LateAnswerPromise {
        let pending = NewPendingCommand(
            payload: PendingCommandRecord(command).encoded, destination: destination, destinationKind: kind,
            createdAt: clock.now())
        let (queue, lease) = (queue, lease)
        let held = Task { () -> PendingCommandID? in
            do throws(DeliveryStoreError) {
                return try await queue.hold(pending, lease: lease.duration)
            } catch {
                // The answer is still queued when ready; only a crash before then would lose it.
                logger.warning("command could not be kept as pending work", [("error", error.description)])
                return nil
            }
        }
        _ = await TimelyResponder.answer(of: held, orNilAfter: { try? await Task.sleep(for: Self.holdWait) })
        let renewal = Task {
            guard let id = await held.value else { return }
            await lease.keep(id, on: queue, logger: logger)
        }
        return LateAnswerPromise(
            responseURL: destination, promisedAt: pending.createdAt, kind: kind, pending: held, renewal: renewal)
    }

    func deliver(_ message: SlackMessage, for promise: LateAnswerPromise, logger: Logger) async {
        await deliver(body: MessageEncoding.json(message), for: promise, logger: logger)
    }

    func deliver(_ message: MattermostMessage, for promise: LateAnswerPromise, logger: Logger) async {
        await deliver(body: MessageEncoding.json(message), for: promise, logger: logger)
    }

    func deliver(_ message: DiscordMessage, for promise: LateAnswerPromise, logger: Logger) async {
        await deliver(body: MessageEncoding.json(message), for: promise, logger: logger)
    }

    /// Queues `body` (the platform's JSON) and forgets the pending command, in one transaction;
    /// tried again while the state is briefly away (its lease kept meanwhile, so no other process
    /// answers), then posted directly.
    private func deliver(body: [UInt8], for promise: LateAnswerPromise, logger: Logger) async {
        let delivery = NewDelivery(
            kind: "late-answer", destination: promise.responseURL, destinationKind: promise.kind, body: body,
            createdAt: promise.promisedAt)
        let pending = await promise.pending?.value
        defer { promise.renewal?.cancel() }
        var waits = completionRetries[...]
        while true {
            do throws(DeliveryStoreError) {
                guard let pending else {
                    let id = try await queue.enqueue(delivery)
                    logger.info("late answer queued", [("delivery", "\(id)")])
                    return
                }
                guard let id = try await queue.complete(pending, with: delivery) else {
                    logger.notice("late answer dropped: another process took the command over and answers it", [
                        ("pending", "\(pending)")
                    ])
                    return
                }
                logger.info("late answer queued", [("delivery", "\(id)")])
                return
            } catch {
                guard let wait = waits.popFirst() else {
                    await postDirectly(delivery, because: error, logger: logger)
                    if let pending { await forgetWhenPossible(pending, until: delivery.deadline, logger: logger) }
                    return
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

    /// Forgets a command answered directly as soon as the state takes it, trying every 250 ms
    /// until its destination expires (a failed try costs nothing while the pool backs off), so
    /// that no other process answers it again. The lease may have ended during a long outage: a
    /// process that takes the command over first answers it a second time, which is logged.
    private func forgetWhenPossible(_ pending: PendingCommandID, until deadline: Date, logger: Logger) async {
        while !Task.isCancelled, clock.now() < deadline {
            do throws(DeliveryStoreError) {
                if try await !queue.forget(pending) {
                    logger.warning("a command answered directly was taken over first: its user may see the answer twice", [
                        ("pending", "\(pending)")
                    ])
                }
                return
            } catch {
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        logger.warning("a command answered directly could not be forgotten before its destination expired", [
            ("pending", "\(pending)")
        ])
    }
}
