import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Late answers go through the delivery queue: committed to the state file first, then posted to
/// the `response_url` with retries, within Slack's 30 minutes and 5 uses.
///
/// The promise is committed too, before the placeholder goes back: a fallback message held for
/// `fallbackDelay`, which the answer takes the place of when it is ready. If the process is killed
/// in between, the fallback goes out once Tenki is back ("please run the command again") instead
/// of the user watching "Looking up …" forever.
struct QueuedLateAnswers: LateAnswerDelivery {
    /// How long the placeholder may wait for its fallback to be committed. Usually a millisecond;
    /// the bound is for a state file held busy by another process, since the budget has already
    /// spent most of Slack's 3 seconds.
    static let fallbackWait: Duration = .milliseconds(300)

    let queue: DeliveryQueue
    let clock: any WallClock
    /// How long a fallback waits for its answer: longer than any command's work takes (see
    /// `fallbackDelay(upstreamTimeout:)`), well within Slack's 30 minutes.
    var fallbackDelay: TimeInterval = 120

    /// A command makes at most two upstream calls in a row (geocoding, then the weather or the
    /// forecast), each bounded by `TENKI_UPSTREAM_TIMEOUT_MS`: twice that leaves room for the rest.
    static func fallbackDelay(upstreamTimeout: Duration) -> TimeInterval {
        max(120, 4 * upstreamTimeout.timeInterval)
    }

    func promise(fallback: SlackMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        await promise(fallbackBody: MessageEncoding.json(fallback), to: responseURL, logger: logger)
    }

    func promise(fallback: MattermostMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        await promise(fallbackBody: MessageEncoding.json(fallback), to: responseURL, logger: logger)
    }

    func promise(fallback: DiscordMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        await promise(fallbackBody: MessageEncoding.json(fallback), to: responseURL, kind: .discordOriginal, logger: logger)
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

    /// Commits `fallbackBody` (the platform's JSON), held back for `fallbackDelay`.
    private func promise(
        fallbackBody: [UInt8], to responseURL: URL, kind: DestinationKind = .responseURL, logger: Logger
    ) async -> LateAnswerPromise {
        var delivery = lateAnswer(fallbackBody, to: responseURL, kind: kind, createdAt: clock.now())
        delivery.firstAttemptAt = delivery.createdAt.addingTimeInterval(fallbackDelay)
        let queue = queue
        let queued = Task { () -> DeliveryID? in
            do throws(DeliveryStoreError) {
                return try await queue.enqueue(delivery)
            } catch {
                // The answer is still queued when ready; only a crash before then would lose it.
                logger.warning("late answer's fallback could not be queued", [("error", error.description)])
                return nil
            }
        }
        _ = await TimelyResponder.answer(of: queued, orNilAfter: { try? await Task.sleep(for: Self.fallbackWait) })
        return LateAnswerPromise(responseURL: responseURL, promisedAt: delivery.createdAt, kind: kind, fallback: queued)
    }

    /// Queues `body` (the platform's JSON) in place of the promise's fallback.
    private func deliver(body: [UInt8], for promise: LateAnswerPromise, logger: Logger) async {
        let delivery = lateAnswer(body, to: promise.responseURL, kind: promise.kind, createdAt: promise.promisedAt)
        do {
            if let fallback = await promise.fallback?.value, try await queue.supersede(fallback, with: delivery.body) {
                logger.info("late answer queued", [("delivery", "\(fallback)")])
                return
            }
            // No fallback, or it went out (or is going out): the answer follows as its own message.
            let id = try await queue.enqueue(delivery)
            logger.info("late answer queued", [("delivery", "\(id)")])
        } catch {
            // The state file refused it (read-only, full, gone): posted once straight away instead,
            // so the user is not left with "Looking up…". The queue counts the failure in
            // tenki_state_errors_total and the attempt's outcome in the delivery metrics.
            logger.error("late answer could not be queued; posting it directly", [("error", error.description)])
            await queue.postUnqueued(delivery)
        }
    }

    /// Limits counted from the command (`createdAt`): Slack's 30 minutes (Discord's 15) run from there.
    private func lateAnswer(_ body: [UInt8], to responseURL: URL, kind: DestinationKind, createdAt: Date) -> NewDelivery {
        NewDelivery(kind: "late-answer", destination: responseURL, destinationKind: kind, body: body, createdAt: createdAt)
    }
}
