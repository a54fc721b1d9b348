import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

extension TenkiRouter {
    /// A slash command whose answer is already stored (`SlashCommandResponder.cachedAnswer`),
    /// answered on the listener's thread without a task. It is checked exactly as `handle` checks it
    /// first: form-encoded, Slack's signature over the raw body (every request pays its HMAC),
    /// then the body read as strictly as the full decoding, but only the fields the stored answer
    /// depends on (`SlashCommandEssentials`). Anything else (no stored answer, a rejection, an `ssl_check`)
    /// returns nil, and `handle` does it all again and answers with its logs and metrics, so the
    /// rarer paths keep a single implementation.
    func cachedCommandAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        let start = ContinuousClock.now
        // While recording (`serve --record`), every command takes the path that writes replay files.
        guard recorder == nil, Self.isFormEncoded(request.headers["Content-Type"]) else { return nil }
        if let verifier {
            do {
                try Self.verify(request, with: verifier)
            } catch {
                return nil
            }
        }
        guard let command = SlashCommandEssentials(formBody: request.body), let body = commands.cachedAnswer(to: command) else {
            return nil
        }
        let requestID = requestIDs.next()
        let response = HTTPResponse(status: .ok, headers: HTTPHeaders([
            (name: "Content-Type", value: "application/json; charset=utf-8"), (name: "X-Request-Id", value: requestID),
        ]), body: body)
        record(route: "commands", request: request, status: response.status, since: start, requestID: requestID)
        return response
    }
}
