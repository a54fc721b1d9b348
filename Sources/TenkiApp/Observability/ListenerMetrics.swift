import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics

/// Feeds the listener's own events (connections, limit rejections) into `/metrics` and the log;
/// requests that reach the router are counted and logged there, with their route.
final class ListenerMetrics: HTTPServerObserver {
    let metrics: MetricsRegistry
    let logger: Logger

    init(metrics: MetricsRegistry, logger: Logger = .discarding) {
        self.metrics = metrics
        self.logger = logger
        metrics.describe("tenki_http_connections_open", type: "gauge", help: "Client connections open now.")
        metrics.describe("tenki_http_connections_total", type: "counter", help: "Client connections accepted.")
        metrics.describe("tenki_http_rejections_total", type: "counter", help: "Requests refused by the listener before routing, by reason.")
        metrics.set("tenki_http_connections_open", to: 0)
    }

    func connectionOpened() {
        metrics.adjust("tenki_http_connections_open", by: 1)
        metrics.increment("tenki_http_connections_total")
    }

    func connectionClosed() {
        metrics.adjust("tenki_http_connections_open", by: -1)
    }

    func rejected(_ rejection: HTTPRejection) {
        let reason = Self.label(rejection)
        metrics.increment("tenki_http_rejections_total", [("reason", reason), ("status", String(rejection.status))])
        // The router never saw these requests, so this is their one log line.
        logger.notice("request rejected by the listener", [("reason", reason), ("status", String(rejection.status))])
    }

    static func label(_ rejection: HTTPRejection) -> String {
        switch rejection {
        case .malformed: "malformed"
        case .headersTooLarge: "headers_too_large"
        case .contentTooLarge: "content_too_large"
        case .timedOut: "client_timeout"
        case .overloaded: "overloaded"
        case .handlerTimedOut: "handler_timeout"
        }
    }
}
