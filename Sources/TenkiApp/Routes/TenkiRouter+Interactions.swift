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
    func interaction(_ request: HTTPRequest, since start: ContinuousClock.Instant) -> HTTPResponse {
        let exchange = exchange(request, since: start, route: Self.interactionsRoute)
        let log = exchange.log
        func now(_ response: HTTPResponse) -> HTTPResponse { finished(response, exchange) }
        if let refusal = slackFormRefusal(request, what: "Slack interactions", log: log) { return now(refusal) }
        let payload: InteractionPayload
        do {
            payload = try InteractionPayload(formBody: request.body)
        } catch {
            log.notice("undecodable interaction", [("detail", error.description)])
            return now(.text(.badRequest, "the body is not a Slack interaction: \(error)\n"))
        }
        interactions?.accept(payload, logger: log.with("interaction", String(payload.type.prefix(40))))
        return now(HTTPResponse(status: .ok))
    }
}
