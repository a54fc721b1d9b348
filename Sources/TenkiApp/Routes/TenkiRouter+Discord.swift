import TenkiCore
import TenkiHTTPServer
import TenkiLogging
import TenkiServices

extension TenkiRouter {
    public static let discordInteractionsPath = "/discord/interactions"
    /// The metrics and log label of `/discord/interactions`.
    static let discordRoute = "discord_interactions"

    /// A Discord interaction, in the contract's order: media type (415, JSON only), Ed25519
    /// signature and timestamp (401: Discord probes endpoints with bad signatures and drops one that
    /// accepts them), then the body (400). A PING gets `{"type":1}` on the listener's thread; a
    /// `weather` or `news` command runs as the slash command it stands for and is answered with
    /// type 4 and embeds within the same budget as Slack's commands, or type 5 and a PATCH of
    /// `@original` later; a press on a button is answered with type 7, or type 6 and a PATCH.
    func discordInteraction(_ exchange: RouteExchange) -> HTTPHandling {
        let log = exchange.log
        guard let verifier = discord else { return now(Self.noSuchPath, exchange) }
        guard Self.mediaType(exchange.request.headers["Content-Type"]) == "application/json" else {
            return now(.text(.unsupportedMediaType, "Discord interactions are application/json\n"), exchange)
        }
        do {
            try verifier.verify(
                timestampHeaderValues: exchange.request.headers.values(for: "X-Signature-Timestamp"),
                signatureHeaderValues: exchange.request.headers.values(for: "X-Signature-Ed25519"), body: exchange.request.body)
        } catch {
            return now(refused(error, log: log), exchange)
        }
        let interaction: DiscordInteraction
        do {
            interaction = try DiscordInteraction(json: exchange.request.body)
        } catch {
            return now(undecodable(error, expected: "a Discord interaction", log: log), exchange)
        }
        if interaction.type == DiscordInteraction.ping {
            return now(.json(.ok, MessageEncoding.json(DiscordInteractionResponse.pong)), exchange)
        }
        if interaction.type == DiscordInteraction.messageComponent, let interactions {
            return .later {
                let response = await interactions.answerOnDiscord(interaction, apiBase: discordAPIBase, logger: log)
                return finished(.json(.ok, MessageEncoding.json(response)), exchange)
            }
        }
        guard interaction.type == DiscordInteraction.applicationCommand,
              var payload = interaction.slashCommand(weatherCommand: commandNames.weather, newsCommand: commandNames.news)
        else {
            log.notice("discord interaction not handled", [("type", String(interaction.type))])
            let note = ChatMessage(summary: .text("Tenki answers /weather and /news."), visibility: .ephemeral)
            return now(.json(.ok, MessageEncoding.json(DiscordInteractionResponse.message(DiscordRenderer.render(note)))), exchange)
        }
        // Where an answer that is not ready within the budget goes (see `TimelyResponder`).
        payload.responseURL = interaction.originalMessageURL(apiBase: discordAPIBase)?.absoluteString
        return .later { [payload] in
            let reply = await commands.respond(to: payload, logger: log.with("command", payload.command))
            return finished(.json(.ok, reply.json(for: .discord)), exchange)
        }
    }

    /// The media type before any `;` parameters, lowercased and trimmed.
    static func mediaType(_ contentType: String?) -> String {
        (contentType ?? "").split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
    }
}
