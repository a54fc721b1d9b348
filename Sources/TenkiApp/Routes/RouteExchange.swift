import TenkiHTTPServer
import TenkiLogging

/// One request to a route as its handler answers it: the id it is logged and answered under, and
/// a logger that carries that id.
struct RouteExchange: Sendable {
    let request: HTTPRequest
    let start: ContinuousClock.Instant
    let route: String
    let requestID: String
    let log: Logger
}

extension TenkiRouter {
    /// A new request id for `request` on `route`, with its logger.
    func exchange(_ request: HTTPRequest, since start: ContinuousClock.Instant, route: String) -> RouteExchange {
        let requestID = requestIDs.next()
        return RouteExchange(
            request: request, start: start, route: route, requestID: requestID, log: logger.with("request_id", requestID))
    }

    /// `response` to the exchange's request: counted, logged and named with its request id.
    func finished(_ response: HTTPResponse, _ exchange: RouteExchange) -> HTTPResponse {
        record(
            route: exchange.route, request: exchange.request, status: response.status, since: exchange.start,
            requestID: exchange.requestID)
        var withID = response
        withID.headers.set("X-Request-Id", exchange.requestID)
        return withID
    }

    /// `response`, finished, written on the listener's thread.
    func now(_ response: HTTPResponse, _ exchange: RouteExchange) -> HTTPHandling {
        .respond(finished(response, exchange))
    }

    /// The answer to a path Tenki does not serve (or a platform that is not configured).
    static let noSuchPath = HTTPResponse.text(.notFound, "no such path; Slack commands go to POST \(commandsPath)\n")

    /// The 400 for a body that is not what the route `expected` (`a Slack interaction`), with why.
    func undecodable(_ error: some Error & CustomStringConvertible, expected: String, log: Logger) -> HTTPResponse {
        log.notice("undecodable body", [("expected", expected), ("detail", error.description)])
        return .text(.badRequest, "the body is not \(expected): \(error)\n")
    }

    /// A Slack request's first checks, in the contract's order: a form body (415 naming `what`),
    /// then the signature (401). Nil when both pass.
    func slackFormRefusal(_ request: HTTPRequest, what: String, log: Logger) -> HTTPResponse? {
        guard Self.isFormEncoded(request.headers["Content-Type"]) else {
            return .text(.unsupportedMediaType, "\(what) are application/x-www-form-urlencoded\n")
        }
        if let verifier {
            do {
                try verifier.verify(request)
            } catch {
                return refused(error, log: log)
            }
        }
        return nil
    }
}
