import Foundation
import TenkiCore
import TenkiStorage

extension DeliveryQueue {
    /// One attempt at a message the store would not take (a read-only, full or vanished state
    /// file): posted at once, without retries or a record, so the user still gets the answer. A
    /// retried post could not be remembered anyway, and Slack's response_url takes five uses.
    /// Counted in `tenki_delivery_attempts_total` like any attempt, and logged with its outcome.
    @discardableResult
    public func postUnqueued(_ delivery: NewDelivery) async -> AttemptOutcome {
        let log = logger.with("host", DestinationFingerprint.host(of: delivery.destination)).with("kind", delivery.kind)
        let now = clock.now()
        guard now < delivery.deadline else {
            log.warning("not posted: past its deadline and the state file refused it")
            return .transportFailure(.cancelled)
        }
        let authorization: String?
        switch await bearer(for: delivery.destinationKind, installationKey: delivery.installationKey) {
        case .header(let value): authorization = value
        case .missing(let reason):
            log.warning("not posted", [("reason", reason)])
            return .response(status: 200, body: #"{"ok":false,"error":"not_authed"}"#, retryAfter: nil)
        case .unknownNow:
            log.warning("not posted: the installation's token cannot be read now")
            return .response(status: 200, body: #"{"ok":false,"error":"not_authed"}"#, retryAfter: nil)
        }
        let started = ContinuousClock.now
        let outcome = await post(
            delivery.body, to: delivery.destination, method: delivery.destinationKind.httpMethod,
            timeout: configuration.requestTimeout, authorization: authorization)
        let seconds = (ContinuousClock.now - started).timeInterval
        if Self.wasPosted(outcome, kind: delivery.destinationKind) {
            log.notice("posted without the queue", [("result", outcome.summary)])
            metrics.attempt("delivered", seconds: seconds)
        } else {
            log.error("posting without the queue failed; not retried", [("result", outcome.summary)])
            metrics.attempt("dead", seconds: seconds)
        }
        return outcome
    }
}
