import TenkiBase
import TenkiHTTPServer
import TenkiLogging

/// One request to a route as its handler answers it: the id it is logged and answered under, and
/// a logger that carries that id.
struct RouteExchange: Sendable {
    let request: HTTPRequest
    let start: MonotonicInstant
    let route: String
    let requestID: String
}

extension TenkiRouter {
    /// A new request id for `request` on `route`, with its logger.
    func exchange(_ request: consuming HTTPRequest, since start: MonotonicInstant, route: String) -> RouteExchange {
        let requestID = requestIDs.next()
        return RouteExchange(request: request, start: start, route: route, requestID: requestID)
    }

    /// A logger that carries the exchange's request id; made when asked for (a stored answer logs
    /// only its request line, which names the id itself, so its request makes none, and its
    /// exchange holds no copy of the router's logger).
    func log(_ exchange: RouteExchange) -> Logger { logger.with("request_id", exchange.requestID) }

    /// `response` to the exchange's request: counted, logged and named with its request id. Taken
    /// (`consuming`), so that the header is added to the caller's fields in place, not to a copy.
    func finished(_ response: consuming HTTPResponse, _ exchange: RouteExchange) -> HTTPResponse {
        record(
            route: exchange.route, request: exchange.request, status: response.status, since: exchange.start,
            requestID: exchange.requestID)
        response.headers.set("X-Request-Id", exchange.requestID)
        return response
    }

    /// `response`, finished, written on the listener's thread.
    func now(_ response: consuming HTTPResponse, _ exchange: RouteExchange) -> HTTPHandling {
        .respond(finished(response, exchange))
    }

    /// The answer to a path Tenki does not serve (or a platform that is not configured).
    static let noSuchPath = HTTPResponse.text(.notFound, "no such path; Slack commands go to POST \(commandsPath)\n")
}
