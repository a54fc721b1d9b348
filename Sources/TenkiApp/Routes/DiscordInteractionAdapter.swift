import Foundation
import TenkiCore
import TenkiHTTPServer
import TenkiSecurity

/// `POST /discord/interactions`: the Ed25519 signature and timestamp (Discord probes endpoints
/// with bad signatures and drops one that accepts them), then the JSON. A PING is answered here;
/// an application command becomes the command it stands for, a component a press; both answer
/// through the interaction's webhook (`DISCORD_API_BASE_URL`) when late.
struct DiscordInteractionAdapter: InboundAdapter {
    let verifier: DiscordRequestVerifier
    /// `DISCORD_API_BASE_URL`: where answers that were not ready in time are edited or followed up.
    let apiBase: URL
    /// The command names Discord's `weather` and `news` stand for.
    let commandNames: CommandNames

    var route: String { TenkiRouter.discordRoute }
    var mediaType: InboundMediaType { .json }
    var what: String { "Discord interactions" }

    func inbound(from request: HTTPRequest) throws(AdapterStop) -> Inbound {
        try AdapterStop.verifying { () throws(RequestVerificationError) in
            try verifier.verify(
                timestampHeaderValues: request.headers.values(for: "X-Signature-Timestamp"),
                signatureHeaderValues: request.headers.values(for: "X-Signature-Ed25519"), body: request.body)
        }
        let interaction = try AdapterStop.decoding("a Discord interaction") { () throws(DiscordInteraction.DecodingError) in
            try DiscordInteraction(json: request.body)
        }
        if interaction.type == DiscordInteraction.ping {
            throw .answered(.json(.ok, MessageEncoding.json(DiscordInteractionResponse.pong)))
        }
        let context = InboundContext(
            platform: .discord, team: interaction.guildID.map { "discord:" + $0 } ?? "discord:dm",
            user: interaction.userID ?? "", channel: interaction.channelID, language: interaction.language,
            replyTarget: .discordInteraction(
                original: interaction.originalMessageURL(apiBase: apiBase), followUp: interaction.followUpURL(apiBase: apiBase)))
        switch interaction.type {
        case DiscordInteraction.messageComponent:
            let (actionID, value) = interaction.press ?? ("", "")
            let press = ButtonPress(actionID: actionID, value: value, fromEphemeral: interaction.isEphemeralMessage)
            return Inbound(.press(press), context: context)
        case DiscordInteraction.applicationCommand:
            if let payload = interaction.slashCommand(weatherCommand: commandNames.weather, newsCommand: commandNames.news) {
                return Inbound(.command(payload), context: context)
            }
            return Inbound(.event(type: "application_command \(interaction.commandName ?? "")"), context: context)
        default:
            return Inbound(.event(type: "interaction type \(interaction.type)"), context: context)
        }
    }
}
