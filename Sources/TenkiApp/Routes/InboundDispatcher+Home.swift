import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

extension InboundDispatcher {
    /// A press on the Home tab's buttons (Slack sends no `response_url` for them): the two that
    /// open a modal do it now, with the press's `trigger_id` (Slack accepts it for 3 seconds);
    /// Remove re-checks the creator, removes and refreshes the tab. Nil: not a Home tab button.
    func homePress(_ press: ButtonPress, context: InboundContext, logger: Logger) async -> InboundOutcome? {
        guard context.platform == .slack, let home, press.actionID.hasPrefix("tenki.home.") else { return nil }
        let user = UserKey(team: context.team, user: context.user, installation: context.installation)
        let ticket = rule?.inbound.admit(.press)
        if rule != nil, ticket == nil { return .notHandled(reason: "busy") }
        defer { ticket?.release() }
        switch press.actionID {
        case HomeIDs.preferencesAction:
            guard let trigger = press.triggerID else { return .notHandled(reason: "press without a trigger_id") }
            _ = await home.openPreferences(triggerID: trigger, for: user, logger: logger)
        case HomeIDs.subscribeAction:
            guard let trigger = press.triggerID else { return .notHandled(reason: "press without a trigger_id") }
            _ = await home.openSubscribe(triggerID: trigger, channel: nil, for: user, logger: logger)
        case HomeIDs.unsubscribeAction:
            await home.unsubscribe(value: press.value, for: user, logger: logger)
        default:
            return nil
        }
        return .acknowledged
    }

    /// `/weather set` with nothing after it and `/weather subscribe` with no place open the
    /// preferences and subscribe modals with the command's `trigger_id`, now (its 3 seconds), and
    /// answer with an empty 200. Nil: not one of those, or the modal did not open, and the command
    /// answers as typed.
    func homeCommand(_ payload: SlashCommandPayload, logger: Logger) async -> InboundOutcome? {
        guard payload.platform == .slack, let home, let trigger = payload.triggerID, !trigger.isEmpty,
            payload.command == home.settings.commandNames.weather
        else { return nil }
        let user = payload.userKey
        let text = payload.text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let opened: Bool
        if text == "set" {
            opened = await home.openPreferences(triggerID: trigger, for: user, logger: logger)
        } else if case .invalid(.missingPlace)? = SubscriptionCommand(text: payload.text) {
            opened = await home.openSubscribe(triggerID: trigger, channel: payload.channelID, for: user, logger: logger)
        } else {
            return nil
        }
        return opened ? .acknowledged : nil
    }

    /// A modal's submission under the one in-time-or-late rule: the checks' answer goes back in
    /// the response when ready within the budget (`errors` on the fields, or an empty 200 that
    /// closes the modal); otherwise the modal shows "checking…" now and `views.update` shows the
    /// outcome when the same piece of work ends.
    func viewSubmission(_ submission: ViewSubmission, context: InboundContext, logger: Logger) async -> InboundOutcome {
        guard let home, submission.form != nil else {
            logger.info("view submission not handled", [("callback_id", String(submission.callbackID.prefix(80)))])
            return .notHandled(reason: "view_submission")
        }
        let user = UserKey(team: context.team, user: submission.userID, installation: context.installation)
        guard let rule else { return Self.inTime(await home.submit(submission, user: user, logger: logger)) }
        // Refused before anything starts; the place is held by the work, late follow-up included.
        guard let ticket = rule.inbound.admit(.press) else {
            return .view(.errors(FieldErrors([.place: ReplyStrings.table(for: home.language).busy])))
        }
        let work: @Sendable () async -> SubmissionOutcome? = {
            let outcome = await home.submit(submission, user: user, logger: logger)
            withExtendedLifetime(ticket) {}
            return outcome
        }
        switch await rule.start(within: rule.budget, work) {
        case .inTime(let outcome):
            ticket.release()
            return Self.inTime(outcome)
        case .late(let cell):
            guard let viewID = submission.viewID else {
                cell.drop()
                return .acknowledged
            }
            logger.info("submission not checked within the budget: checking… now, views.update later")
            cell.decide { value in
                defer { ticket.release() }
                guard let outcome = await value(), let outcome, let slack = await home.client(for: user, logger: logger)
                else { return }
                do {
                    try await slack.updateView(outcome.late, viewID: viewID)
                } catch {
                    logger.warning("views.update refused", [("error", String(describing: error))])
                }
            }
            return .view(home.checking(submission))
        }
    }

    private static func inTime(_ outcome: SubmissionOutcome?) -> InboundOutcome {
        outcome?.response.map(InboundOutcome.view) ?? .acknowledged
    }
}
