import TenkiCore
import TenkiHTTP

extension TenkiRouter {
    /// A slash command whose answer is already stored (`SlashCommandResponder.cachedAnswer`),
    /// answered on the listener's thread without a task. It is checked exactly as `handle` checks it
    /// first: form-encoded, Slack's signature over the raw body (every request pays its HMAC),
    /// then decoded into a payload. Anything else (no stored answer, a rejection, an `ssl_check`)
    /// returns nil, and `handle` does it all again and answers with its logs and metrics, so the
    /// rarer paths keep a single implementation.
    func cachedCommandAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        let start = ContinuousClock.now
        guard Self.isFormEncoded(request.headers["Content-Type"]) else { return nil }
        if let verifier {
            do {
                try Self.verify(request, with: verifier)
            } catch {
                return nil
            }
        }
        guard let form = try? FormURLEncoded.decode(request.body), let payload = try? SlashCommandPayload(form: form),
              !payload.sslCheck, let body = commands.cachedAnswer(to: payload) else { return nil }
        let requestID = requestIDs.next()
        var response = HTTPResponse.json(.ok, body)
        response.headers.set("X-Request-Id", requestID)
        record(route: "commands", request: request, status: response.status, since: start, requestID: requestID)
        return response
    }
}
