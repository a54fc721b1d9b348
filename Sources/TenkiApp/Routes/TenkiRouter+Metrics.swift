import TenkiBase
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSecurity

/// What the router tells operators: each request's log line and metrics, a refusal's count by
/// reason, and `/metrics` itself behind its access rule.
extension TenkiRouter {
    /// A request that failed verification, on any route: counted by reason, logged, and a 401
    /// saying what failed (never the secret or the signature).
    func refused(_ error: RequestVerificationError, log: Logger) -> HTTPResponse {
        metrics.increment("tenki_signature_failures_total", [("reason", error.reason)])
        log.warning("request rejected", [("reason", error.reason), ("detail", error.description)])
        return .text(.unauthorized, "\(error.refusal) (\(error.reason))\n")
    }

    /// `/metrics` as the settings expose it: on the metrics address instead (404 here), behind a
    /// bearer token, or open.
    func metricsResponse(_ request: HTTPRequest) -> HTTPResponse {
        switch metricsAccess {
        case .elsewhere:
            return .text(.notFound, "metrics are served on the metrics address\n")
        case .bearer(let token):
            guard
                Self.bearerCredentials(request.headers["Authorization"]).map({
                    HMACSHA256.constantTimeEquals(Array($0.utf8), Array(token.utf8))
                }) == true
            else {
                return .text(.unauthorized, "metrics need Authorization: Bearer TOKEN\n", headers: ["WWW-Authenticate": "Bearer"])
            }
        case .open:
            break
        }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
            body: metrics.exposition(at: metricsClock()))
    }

    /// The credentials of `Authorization: Bearer CREDENTIALS`; the scheme is case-insensitive and
    /// may be followed by several spaces (RFC 9110 §11.4). Nil for another scheme or none.
    static func bearerCredentials(_ authorization: String?) -> Substring? {
        guard let authorization, let space = authorization.firstIndex(of: " "),
            authorization[..<space].equalsIgnoringASCIICase("Bearer")
        else { return nil }
        let credentials = authorization[space...].drop { $0 == " " }
        return credentials.isEmpty ? nil : credentials
    }

    func record(route: String, request: HTTPRequest, status: HTTPStatus, since start: MonotonicInstant, requestID: String?)
    {
        let elapsed = start.seconds(to: .now)
        if route == "commands", status.code == 200 {  // the usual answer: its series are named once
            metrics.increment(Self.commandsOKSeries.count, observing: Self.commandsOKSeries.duration, seconds: elapsed)
        } else {
            metrics.increment("tenki_http_requests_total", [("route", route), ("status", String(status.code))])
            metrics.observe("tenki_http_request_duration_seconds", [("route", route)], seconds: elapsed)
        }
        let level: LogLevel = route == "healthz" || route == "metrics" ? .debug : .info
        // Formatted straight into the log's queue: no array, record or String per field (this runs for every request).
        logger.log(level, "request") { line in
            if let requestID { line.add("request_id", requestID) }
            line.add("method", request.method)
            line.add("route", route)
            line.add("status", status.code)
            line.add("duration_ms", twoDecimals: elapsed * 1000)
            line.add("remote", request.remoteAddress)
        }
    }

    static let commandsOKSeries = (
        count: MetricsRegistry.series("tenki_http_requests_total", [("route", "commands"), ("status", "200")]),
        duration: MetricsRegistry.series("tenki_http_request_duration_seconds", [("route", "commands")])
    )

    static func describeMetrics(_ metrics: MetricsRegistry) {
        metrics.describe("tenki_http_requests_total", type: "counter", help: "HTTP requests answered, by route and status.")
        metrics.describe(
            "tenki_http_request_duration_seconds", type: "histogram", help: "Time from a complete request to its response.")
        metrics.describe(
            "tenki_signature_failures_total", type: "counter",
            help: "Requests rejected by signature or token verification (any platform), by reason.")
        for reason in RequestVerificationError.reasons {
            metrics.increment("tenki_signature_failures_total", [("reason", reason)], by: 0)
        }
        ProcessMetrics.register(in: metrics)
    }
}
