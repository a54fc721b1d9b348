import Foundation
import TenkiCore
import TenkiLogging

/// Acts on a verified interaction (a button press). `accept` returns at once: Slack wants its 200
/// within 3 seconds, and the effect goes to the payload's `response_url` afterwards, as work the
/// server owns.
public protocol InteractionResponder: Sendable {
    /// `.busy` when the press was refused (`InboundLimit`): nothing was started or stored.
    func accept(_ interaction: InteractionPayload, logger: Logger) -> InteractionAcceptance

    /// Answers a press on Discord (type 3) in the interaction's response: type 7 with the changed
    /// message, or type 6 and a PATCH of `@original` at `apiBase` when it takes longer.
    func answerOnDiscord(_ interaction: DiscordInteraction, apiBase: URL, logger: Logger) async -> DiscordInteractionResponse
}

/// Whether a press was taken on, or refused because Tenki has as much work in flight as it takes.
public enum InteractionAcceptance: Sendable, Equatable {
    case accepted
    /// Refused; `note` is the private "busy, try again" to answer it with.
    case busy(note: String)
}
