import TenkiCore
import TenkiHTTPServer
import TenkiLogging

extension TenkiRouter {
    public static let interactionsPath = "/slack/interactions"
    /// The metrics and log label of `/slack/interactions`.
    static let interactionsRoute = "interactions"

    /// A Slack interaction (a button press), in the contract's order: media type (415), signature
    /// (401), then the body (400 without a readable `payload` and `type`). Acknowledged with an
    /// empty 200 on the listener's thread; the effect follows through the payload's `response_url`.
    /// Refused when busy (`InboundLimit`) with a 200 whose body is a private "busy" note.
    func interaction(_ exchange: RouteExchange) -> HTTPResponse {
        let log = exchange.log
        if let refusal = slackFormRefusal(exchange.request, what: "Slack interactions", log: log) { return finished(refusal, exchange) }
        let payload: InteractionPayload
        do {
            payload = try InteractionPayload(formBody: exchange.request.body)
        } catch {
            return finished(undecodable(error, expected: "a Slack interaction", log: log), exchange)
        }
        let acceptance = interactions?.accept(payload, logger: log.with("interaction", String(payload.type.prefix(40))))
        if case .busy(let note) = acceptance {
            // Refused before anything was started or stored: the presser is told privately.
            return finished(.json(.ok, MessageEncoding.json(PressAnswer.note(note).slack)), exchange)
        }
        return finished(HTTPResponse(status: .ok), exchange)
    }
}
