import Foundation
import TenkiCore
import TenkiLogging

/// The one dispatcher every way in hands its `Inbound` value to: commands, presses and modal
/// submissions under the one in-time-or-late rule (`TimelyResponder`); events taken once by their
/// `event_id` (`EventLedger`) whichever way they came.
public struct InboundDispatcher: Sendable {
    let commands: any SlashCommandResponder
    /// Nil: presses are not served (`/slack/interactions` is then 404).
    var presses: ButtonPresses?
    /// Nil: every answer goes back inline however long it takes (a router for tools and tests).
    var rule: TimelyResponder?
    /// The deployment's language, for the notices of work that asked for none.
    var language: WeatherLanguage = .en
    /// Who sees a Discord answer's "thinking" message, chosen before the answer is known.
    var resultVisibility: ChatMessage.Visibility = .inChannel
    var renderers: PlatformRenderers = .standard
    /// Whose installation answers a Slack request; nil: no installations (tools and tests).
    var workspaces: SlackWorkspaces?
    /// Nil: events are not de-duplicated or acted on (answered "not handled").
    var events: EventLedger?
    /// Nil without a bot token: no Home tab, no modals.
    var home: HomeSurfaces?

    /// An answer that is ready now, as the bytes Slack takes, for the listener's thread; nil sends
    /// the value to `dispatch`. Only a Slack `/weather` answer is ever stored.
    func cachedAnswer(to inbound: Inbound) -> [UInt8]? {
        switch inbound.kind {
        case .command(let payload):
            // With many workspaces, only for one memory knows is installed (else the command is told it is not).
            workspaces?.knownInstalled(enterprise: payload.enterpriseID, team: payload.teamID ?? "") == false
                ? nil : commands.cachedAnswer(to: payload)
        case .press, .event, .viewSubmission: nil
        }
    }

    func dispatch(_ inbound: Inbound, logger: Logger) async -> InboundOutcome {
        switch inbound.kind {
        case .command(let payload):
            let logger = logger.with("command", payload.command)
            if let notice = await notInstalledNotice(payload, context: inbound.context, logger: logger) {
                return .command(notice)
            }
            return await command(payload, context: inbound.context, logger: logger)
        case .press(let press):
            return await self.press(press, context: inbound.context, logger: logger)
        case .event(let event):
            return await self.event(event, context: inbound.context, logger: logger)
        case .viewSubmission(let submission):
            return await viewSubmission(submission, context: inbound.context, logger: logger)
        }
    }

    /// A command: inline within the budget, else a placeholder now and the answer later.
    private func command(_ payload: SlashCommandPayload, context: InboundContext, logger: Logger) async -> InboundOutcome {
        if let opened = await homeCommand(payload, logger: logger) { return opened }
        guard let rule else { return .command(await commands.respond(to: payload, logger: logger)) }
        let strings = ReplyStrings.table(for: language)
        // Refused before anything starts or is stored; the place is held by the work and by the
        // late answer's delivery, and given back when the last of them ends.
        guard let ticket = rule.inbound.admit(.command) else {
            // Debug only: a flood of refusals must not become a flood of log lines (the metric counts them).
            logger.debug("command refused: busy", [("bound", String(rule.inbound.bound))])
            return .command(Self.notice(.text(strings.busy)))
        }
        let commands = commands
        let started = await rule.start(within: rule.budget) {
            let reply = await commands.respond(to: payload, logger: logger)
            withExtendedLifetime(ticket) {}
            return reply
        }
        guard case .late(let cell) = started else {
            // Answered: the place goes back now, not when the work's closure is let go.
            ticket.release()
            if case .inTime(let reply) = started { return .command(reply) }
            return .command(Self.notice(.text(strings.busy)))
        }
        guard let (destination, kind) = rule.lateDestination(context, via: rule.lateAnswers, logger: logger) else {
            cell.drop()
            return .command(
                Self.notice(.text(ReplyStrings.fill(strings.tookTooLong, ["platform": context.platform.displayName]))))
        }
        logger.info(
            "answer not ready within the budget: placeholder now, answer through response_url",
            [
                ("budget_ms", String(rule.budget.milliseconds))
            ])
        let (platform, renderers) = (context.platform, renderers)
        await rule.owe(
            cell,
            as: pendingWork(
                PendingCommandRecord(payload).encoded, destination: destination, kind: kind, context: context,
                team: payload.teamID),
            via: rule.lateAnswers, ticket: ticket, logger: logger
        ) { reply in LateAnswer(body: renderers.lateBody(of: reply, for: platform)) }
        if platform == .discord { return .thinking(resultVisibility) }
        let text = String(payload.text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        if text.isEmpty { return .command(Self.notice(.text(strings.lookingUpGeneric))) }
        return .command(Self.notice(RichText.fill(strings.lookingUp, ["query": .text(text)])))
    }

    /// A private notice in place of a command's answer.
    static func notice(_ words: RichText) -> CommandReply {
        CommandReply(ChatMessage(summary: words, visibility: .ephemeral))
    }
}
