import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Late answers go through the delivery queue: committed to the state file first, then posted to
/// the `response_url` with retries, within Slack's 30 minutes and 5 uses.
///
/// The promise itself is committed too, before the placeholder goes back: a fallback message held
/// for `fallbackDelay`, which the answer replaces when it is ready. If the process is killed in
/// between, the fallback goes out once Tenki is back ("please run the command again") instead of
/// the user watching "Looking up …" forever.
struct QueuedLateAnswers: LateAnswerDelivery {
    /// How long a fallback waits for its answer: far longer than any command's work (each
    /// upstream call is bounded by `TENKI_UPSTREAM_TIMEOUT_MS`), well within Slack's 30 minutes.
    static let fallbackDelay: TimeInterval = 120

    let queue: DeliveryQueue
    let clock: any WallClock
    /// Counts answers promised and not yet queued, for `serve`'s shutdown; nil where nobody waits.
    var inFlight: LateAnswersInFlight? = nil

    func promise(fallback: SlackMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        inFlight?.begin()
        var delivery = lateAnswer(fallback, to: responseURL)
        delivery.firstAttemptAt = delivery.createdAt.addingTimeInterval(Self.fallbackDelay)
        do {
            return LateAnswerPromise(responseURL: responseURL, fallback: try await queue.enqueue(delivery))
        } catch {
            // The answer is still queued when ready; only a crash in between would now lose it.
            logger.warning("late answer's fallback could not be queued", [("error", error.description)])
            return LateAnswerPromise(responseURL: responseURL)
        }
    }

    func deliver(_ message: SlackMessage, for promise: LateAnswerPromise, logger: Logger) async {
        defer { inFlight?.end() }
        let delivery = lateAnswer(message, to: promise.responseURL)
        do {
            if let fallback = promise.fallback, try await queue.replaceUnattempted(fallback, body: delivery.body) {
                logger.info("late answer queued", [("delivery", "\(fallback)")])
                return
            }
            // No fallback, or it already went out: the answer is a message of its own.
            let id = try await queue.enqueue(delivery)
            logger.info("late answer queued", [("delivery", "\(id)")])
        } catch {
            // Not accepted, so not lost silently: the log says so, and the fallback (if it was
            // queued) still tells the user.
            logger.error("late answer could not be queued", [("error", error.description)])
        }
    }

    private func lateAnswer(_ message: SlackMessage, to responseURL: URL) -> NewDelivery {
        NewDelivery(
            kind: "late-answer", destination: responseURL, destinationKind: .responseURL,
            body: MessageEncoding.json(message), createdAt: clock.now())
    }
}
