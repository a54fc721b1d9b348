import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Late answers go through the delivery queue: committed to the state file first, then posted to
/// the `response_url` with retries, within Slack's 30 minutes and 5 uses.
struct QueuedLateAnswers: LateAnswerDelivery {
    let queue: DeliveryQueue
    let clock: any WallClock
    /// Counts answers promised and not yet queued, for `serve`'s shutdown; nil where nobody waits.
    var inFlight: LateAnswersInFlight? = nil

    func promise() {
        inFlight?.begin()
    }

    func deliver(_ message: SlackMessage, to responseURL: URL, logger: Logger) async {
        defer { inFlight?.end() }
        let delivery = NewDelivery(
            kind: "late-answer", destination: responseURL, destinationKind: .responseURL,
            body: MessageEncoding.json(message), createdAt: clock.now())
        do {
            let id = try await queue.enqueue(delivery)
            logger.info("late answer queued", [("delivery", "\(id)")])
        } catch {
            // Not accepted, so not lost silently: the log says so, and the user saw the placeholder.
            logger.error("late answer could not be queued", [("error", error.description)])
        }
    }
}
