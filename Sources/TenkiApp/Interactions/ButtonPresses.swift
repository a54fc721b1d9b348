import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Answers presses on Tenki's buttons: the weather view a button asks for, of the place its value
/// carries, or the next page of headlines, replacing the message in place (`replace_original`)
/// through the delivery queue.
///
/// A value that does not decode is untrusted input gone wrong: no upstream is asked, and the
/// presser gets a short private note instead of a changed message.
struct ButtonPresses: InteractionResponder {
    let weather: WeatherService?
    let news: NewsCommandHandler
    let settings: Settings
    let clock: any WallClock
    let queue: DeliveryQueue
    let background: BackgroundWork
    let rateLimiter: UserRateLimiter
    /// How long a Discord press may take before it is answered with type 6 and a PATCH.
    var inlineBudget: Duration = .seconds(2)
    var waitForBudget: @Sendable (Duration) async -> Void = TimelyResponder.sleeping
    /// The bound on presses (and commands) in flight.
    var inbound = InboundLimit.unbounded

    func accept(_ interaction: InteractionPayload, logger: Logger) -> InteractionAcceptance {
        guard interaction.type == "block_actions" else {
            logger.info("interaction ignored", [("type", String(interaction.type.prefix(40)))])
            return .accepted
        }
        guard let action = interaction.action else {
            logger.notice("block_actions without an action")
            return .accepted
        }
        guard isTenkis(action.actionID, logger: logger) else { return .accepted }
        guard let url = settings.allowedResponseHosts.permittedURL(interaction.responseURL, logger: logger) else { return .accepted }
        guard let ticket = admit(logger: logger) else { return .busy(note: busyNote) }
        let user = UserKey(team: interaction.teamID ?? "", user: interaction.userID ?? "")
        background.start {
            defer { withExtendedLifetime(ticket) {} }
            let answer = await answer(
                action.actionID, value: action.value, user: user, fromEphemeral: interaction.isEphemeral, logger: logger)
            let message = answer.slack
            let posted = await post(message, to: url, logger: logger)
            // Shared: the private copy goes only once the channel has the message, and only a
            // private copy (`answer` shares only from one; this checks again before deleting).
            if case .share = answer, interaction.isEphemeral, message.responseType == .inChannel, let posted,
               await queue.waitForOutcome(posted, timeout: Self.shareWait) == .delivered {
                _ = await post(body: Self.deleteOriginal, to: url, logger: logger)
            }
        }
        return .accepted
    }

    /// A place for a press in `inbound`, where the answers waiting in the outbox count too; nil,
    /// logged, when it is full.
    func admit(logger: Logger) -> InboundTicket? {
        guard let ticket = inbound.admit(.press, queued: queue.backlog) else {
            logger.debug("press refused: busy")  // counted in the metric; a line each would amplify a flood
            return nil
        }
        return ticket
    }

    /// The private note a refused press gets.
    var busyNote: String { ReplyStrings.table(for: settings.language).busy }

    /// Whether `actionID` is one of Tenki's buttons (logged when not).
    func isTenkis(_ actionID: String, logger: Logger) -> Bool {
        guard WeatherAction(actionID: actionID) != nil || actionID == NewsButtonValue.actionID else {
            logger.notice("unknown action", [("action_id", String(actionID.prefix(80)))])
            return false
        }
        return true
    }

    /// The answer to a press on one of Tenki's buttons (see `isTenkis`), on any platform.
    /// `fromEphemeral`: whether the pressed message is private to the presser (only such a
    /// message is shared). Every press counts against the presser's rate limit, as a command does:
    /// a forged press with new coordinates would otherwise cost an upstream call each time.
    func answer(
        _ actionID: String, value: String?, user: UserKey, fromEphemeral: Bool, logger: Logger
    ) async -> PressAnswer {
        guard let press = WeatherAction(actionID: actionID) else {
            guard await rateLimiter.allowCommand(user) else { return slowDown(user, language: settings.language, logger: logger) }
            return await moreNews(value, user: user, logger: logger)
        }
        return await answer(press, value: value, user: user, fromEphemeral: fromEphemeral, logger: logger)
    }

    /// The private note for a press beyond the presser's rate limit.
    func slowDown(_ user: UserKey, language: WeatherLanguage, logger: Logger) -> PressAnswer {
        logger.notice("user rate limit reached", [("user", user.user)])
        return .note(ReplyStrings.table(for: language).slowDown)
    }

    /// Refresh asks the upstream anew only for an answer older than this: pressing it twice in a
    /// row costs one call, not two.
    static let refreshAge: TimeInterval = 60

    /// How long a share waits for its post before leaving the private copy in place.
    static let shareWait: Duration = .seconds(300)
    static let deleteOriginal = Array(#"{"delete_original":true}"#.utf8)

    private func post(_ message: SlackMessage, to url: URL, logger: Logger) async -> DeliveryID? {
        await post(body: MessageEncoding.json(message), to: url, logger: logger)
    }

    /// Queued like every outgoing message: committed, paced, retried, within Slack's 30 minutes
    /// (Discord's 15 for its `@original`). Nil when the state refused it and it was posted once directly.
    func post(
        body: [UInt8], to url: URL, kind: DestinationKind = .responseURL, logger: Logger
    ) async -> DeliveryID? {
        let delivery = NewDelivery(kind: "interaction", destination: url, destinationKind: kind, body: body, createdAt: clock.now())
        do {
            let id = try await queue.enqueue(delivery)
            logger.info("interaction answer queued", [("delivery", "\(id)")])
            return id
        } catch {
            logger.error("interaction answer could not be queued; posting it directly", [("error", error.description)])
            await queue.postUnqueued(delivery)
            return nil
        }
    }

    /// The private note that answers a press whose button Tenki cannot use (a stale or foreign
    /// value), pointing at the command that makes a fresh message.
    func unusableButton(command: String, language: WeatherLanguage? = nil) -> PressAnswer {
        let unusable = ButtonStrings.table(for: language ?? settings.language).unusableButton
        return .note(ReplyStrings.fill(unusable, ["command": command]))
    }

    /// A button's value as `read` decodes it; nil, logged, when it is unusable.
    func buttonValue<Value>(_ encoded: String?, logger: Logger, read: (String) throws -> Value) -> Value? {
        do {
            return try read(encoded ?? "")
        } catch {
            logger.notice("unusable button value", [("reason", "\(error)")])
            return nil
        }
    }
}
