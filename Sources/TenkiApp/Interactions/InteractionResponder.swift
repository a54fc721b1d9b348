import TenkiCore
import TenkiLogging

/// Acts on a verified interaction (a button press). `accept` returns at once: Slack wants its 200
/// within 3 seconds, and the effect goes to the payload's `response_url` afterwards, as work the
/// server owns.
public protocol InteractionResponder: Sendable {
    func accept(_ interaction: InteractionPayload, logger: Logger)
}
