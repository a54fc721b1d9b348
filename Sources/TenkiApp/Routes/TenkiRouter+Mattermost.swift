import TenkiCore
import TenkiHTTPServer
import TenkiLogging
import TenkiServices

extension TenkiRouter {
    /// The metrics and log label of `/mattermost/commands`.
    static let mattermostRoute = "mattermost_commands"

    /// A Mattermost slash command, in the contract's order: media type (415), the command's token
    /// (401), then the same decoder and commands as Slack's, answered in Mattermost's format.
    /// Stored answers hold Slack JSON, so a Mattermost command always takes the full path.
    func mattermostCommand(_ exchange: RouteExchange) -> HTTPHandling {
        let log = exchange.log
        guard let verifier = mattermost else { return now(Self.noSuchPath, exchange) }
        guard Self.isFormEncoded(exchange.request.headers["Content-Type"]) else {
            return now(.text(.unsupportedMediaType, "Mattermost commands are application/x-www-form-urlencoded\n"), exchange)
        }
        // The token may be in the body, so the body is decoded first; an undecodable body can still
        // be authenticated by its header, and without a valid token it is a 401, not a 400.
        let decoded = Result { () throws(CommandDecodingError) in try decoder.decode(exchange.request.body) }
        do {
            try verifier.verify(
                authorizationHeaderValues: exchange.request.headers.values(for: "Authorization"),
                formToken: (try? decoded.get())?.token)
        } catch {
            return now(refused(error, log: log), exchange)
        }
        var decodedPayload: SlashCommandPayload
        switch decoded {
        case .success(let success):
            decodedPayload = success
        case .failure(let error):
            return now(undecodable(error, expected: "a Mattermost slash command", log: log), exchange)
        }
        decodedPayload.platform = .mattermost
        let payload = decodedPayload
        return .later {
            let reply = await commands.respond(to: payload, logger: log.with("command", payload.command))
            return finished(.json(.ok, reply.json(for: .mattermost)), exchange)
        }
    }
}
