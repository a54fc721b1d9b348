import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

extension InboundDispatcher {
    /// A press, under the same rule as a command. Discord takes the changed message in its
    /// response (type 7) within the budget; Slack takes no message in a press's response, so its
    /// press is acknowledged at once and answered at its `response_url`. Either way a late answer
    /// is pending work under a lease: a process that dies after the acknowledgement leaves it to
    /// another (`AbandonedCommands`).
    func press(_ press: ButtonPress, context: InboundContext, logger: Logger) async -> InboundOutcome {
        if let answered = await homePress(press, context: context, logger: logger) { return answered }
        guard let presses else { return .notHandled(reason: "presses are not served") }
        let language = context.language ?? presses.settings.language
        guard presses.isTenkis(press.actionID, logger: logger) else {
            // Slack: a button that is not Tenki's is someone else's business. Discord: the presser is told.
            if context.platform == .slack { return .notHandled(reason: "not Tenki's button") }
            return .press(presses.unusableButton(command: presses.settings.commandNames.weather, language: context.language))
        }
        if context.platform == .slack,
            presses.settings.allowedResponseHosts.permittedURL(
                Self.responseURL(context.replyTarget), logger: logger) == nil
        {
            return .notHandled(reason: "no usable response_url")
        }
        guard let ticket = presses.admit(logger: logger) else {
            // Refused before anything was started or stored: the presser is told privately.
            return .press(.note(ReplyStrings.table(for: language).busy))
        }
        let user = UserKey(team: context.team, user: context.user)
        let work: @Sendable () async -> PressAnswer = {
            let answer = await presses.answer(
                press.actionID, value: press.value, user: user, fromEphemeral: press.fromEphemeral, logger: logger)
            withExtendedLifetime(ticket) {}
            return answer
        }
        guard let rule else { return .press(await work()) }
        let budget: Duration? = context.platform == .discord ? rule.budget : nil
        let started = await rule.start(within: budget, work)
        guard case .late(let cell) = started else {
            ticket.release()
            if case .inTime(let answer) = started { return .press(answer) }
            return .acknowledged
        }
        let lateAnswers = rule.pressAnswers ?? rule.lateAnswers
        guard let (destination, kind) = rule.lateDestination(context, via: lateAnswers, logger: logger) else {
            cell.drop()
            if context.platform == .slack { return .acknowledged }
            let strings = ReplyStrings.table(for: language)
            return .press(.note(ReplyStrings.fill(strings.tookTooLong, ["platform": ChatPlatform.discord.displayName])))
        }
        if context.platform == .discord { logger.info("press not answered within the budget: deferred, answer by PATCH") }
        let renderLate = lateRenderer(for: context)
        await rule.owe(
            cell,
            as: pendingWork(
                PendingCommandRecord(press, context: context).encoded, destination: destination, kind: kind, context: context,
                deliveryKind: "interaction"),
            via: lateAnswers, ticket: ticket, logger: logger, render: renderLate)
        return context.platform == .discord ? .deferredUpdate : .acknowledged
    }

    /// How a press's late answer is posted on its platform: Slack's `response_url` body (and, for
    /// a shared private message, its deletion once the channel has the copy); Discord's edit of
    /// `@original`, or a follow-up for a note or a share.
    func lateRenderer(for context: InboundContext) -> @Sendable (PressAnswer) -> LateAnswer {
        let renderers = renderers
        switch context.replyTarget {
        case .discordInteraction(_, let followUp):
            return { answer in
                let body = renderers.discordLateBody(of: answer)
                if case .replace = answer { return LateAnswer(body: body) }
                return LateAnswer(body: body, destination: followUp, kind: .discordFollowUp)
            }
        default:
            return { answer in
                let body = renderers.slackBody(of: answer)
                // Only a private copy is deleted (`answer` shares only from one).
                guard case .share = answer else { return LateAnswer(body: body) }
                return LateAnswer(body: body, afterDelivery: ButtonPresses.deleteOriginal)
            }
        }
    }

    static func responseURL(_ target: ReplyTarget) -> String? {
        target.responseURL
    }
}
