import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

extension ButtonPresses {
    /// A press on Discord (interaction type 3), answered in the response itself: the message
    /// changed in place (type 7) when the answer is ready within the inline budget; otherwise
    /// type 6 at once and the answer as a PATCH of `@original` through the delivery queue.
    ///
    /// - Parameter apiBase: `DISCORD_API_BASE_URL`, where a slow answer follows.
    func answerOnDiscord(_ interaction: DiscordInteraction, apiBase: URL, logger: Logger) async -> DiscordInteractionResponse {
        let strings = ReplyStrings.table(for: interaction.language ?? settings.language)
        guard let (actionID, value) = interaction.press, isTenkis(actionID, logger: logger) else {
            return unusableButton(command: settings.commandNames.weather, language: interaction.language).discord
        }
        guard let ticket = admit(logger: logger) else { return PressAnswer.note(strings.busy).discord }
        let guild = interaction.guildID.map { "discord:" + $0 } ?? "discord:dm"
        let user = UserKey(team: guild, user: interaction.userID ?? "")
        let fromEphemeral = interaction.isEphemeralMessage
        let work = Task {
            defer { withExtendedLifetime(ticket) {} }
            return await answer(actionID, value: value, user: user, fromEphemeral: fromEphemeral, logger: logger)
        }
        let budget = inlineBudget, wait = waitForBudget
        if let ready = await TimelyResponder.answer(of: work, orNilAfter: { await wait(budget) }) {
            return ready.discord
        }
        // Nil when the interaction's id or token is unusable: a slow answer cannot follow then.
        guard let original = interaction.originalMessageURL(apiBase: apiBase),
              let followUp = interaction.followUpURL(apiBase: apiBase) else {
            return PressAnswer.note(ReplyStrings.fill(strings.tookTooLong, ["platform": ChatPlatform.discord.displayName])).discord
        }
        logger.info("press not answered within the budget: deferred, answer by PATCH")
        background.start {
            defer { withExtendedLifetime(ticket) {} }
            switch await work.value {
            case .replace(let chat):
                var message = chat.discord
                message.flags = nil
                _ = await post(body: MessageEncoding.json(message), to: original, kind: .discordOriginal, logger: logger)
            case .note(let text):
                let message = ChatMessage(summary: .text(text), visibility: .ephemeral).discord
                _ = await post(body: MessageEncoding.json(message), to: followUp, kind: .discordFollowUp, logger: logger)
            case .share(let chat):
                _ = await post(body: MessageEncoding.json(chat.discord), to: followUp, kind: .discordFollowUp, logger: logger)
            }
        }
        return .deferredUpdate
    }
}
