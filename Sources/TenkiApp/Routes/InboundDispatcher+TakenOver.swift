import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

extension InboundDispatcher {
    /// The late answer to work taken over from a process that died (`AbandonedCommands`): run again
    /// and rendered for its platform, as the process that acknowledged it would have. Nil when the
    /// run was cancelled (the process is stopping) or the work is neither a command nor a press.
    func lateAnswer(to inbound: Inbound, logger: Logger) async -> LateAnswer? {
        switch inbound.kind {
        case .command(let payload):
            let reply = await commands.respond(to: payload, logger: logger.with("command", payload.command))
            guard !Task.isCancelled else { return nil }
            return LateAnswer(body: renderers.lateBody(of: reply, for: inbound.context.platform))
        case .press(let press):
            guard let presses else { return nil }
            let user = UserKey(team: inbound.context.team, user: inbound.context.user)
            let answer = await presses.answer(
                press.actionID, value: press.value, user: user, fromEphemeral: press.fromEphemeral, logger: logger)
            guard !Task.isCancelled else { return nil }
            return lateRenderer(for: inbound.context)(answer)
        case .event, .viewSubmission:
            return nil
        }
    }

    /// "Sorry, … please run the command again", naming the command when it is known, rendered
    /// for the platform the work came from (`kind` says which, when the work is unreadable).
    func apology(for inbound: Inbound?, language: WeatherLanguage, kind: DestinationKind) -> LateAnswer {
        let strings = ReplyStrings.table(for: language)
        var command = presses?.settings.commandNames.weather ?? "/weather"
        if case .command(let payload)? = inbound?.kind {
            let text = String(payload.text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
            command = text.isEmpty ? payload.command : "\(payload.command) \(text)"
        }
        let words = RichText.fill(strings.lateAnswerLost, ["command": .text(command)])
        if let inbound, case .press = inbound.kind {
            // Beside the pressed message, which stays as it was.
            return lateRenderer(for: inbound.context)(.note(SlackRenderer.mrkdwn(words)))
        }
        let platform = inbound?.context.platform ?? (kind == .discordOriginal ? .discord : .slack)
        return LateAnswer(body: renderers.lateBody(of: Self.notice(words), for: platform))
    }
}

extension InboundDispatcher {
    /// The same dispatcher whose commands and presses are never refused by a rate limit: for work
    /// taken over from a dead process, which was counted when it arrived.
    func withoutRateLimits(clock: any WallClock) -> InboundDispatcher {
        var copy = self
        let unlimited = UserRateLimiter(perMinute: 0, clock: clock)
        if let commands = commands as? TenkiCommands {
            copy = InboundDispatcher(
                commands: commands.withoutRateLimit(clock: clock), presses: presses, rule: rule, language: language,
                resultVisibility: resultVisibility, renderers: renderers)
        }
        if let presses {
            copy.presses = ButtonPresses(
                weather: presses.weather, news: presses.news, settings: presses.settings, clock: presses.clock,
                queue: presses.queue,
                rateLimiter: unlimited, inbound: presses.inbound)
        }
        return copy
    }
}
