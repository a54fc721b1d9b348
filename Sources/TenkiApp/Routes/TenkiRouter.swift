import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSecurity

/// The listener's routes, in the contract's order: routing (404, 405), then the body (415), then
/// the signature (401), then the request. The HTTP server has already answered 400, 408, 413 and
/// 431, so nothing here sees a malformed request.
///
/// Every way in goes down the same path once (`serve(_:via:)`): its adapter verifies and decodes
/// the request on the listener's thread into an `Inbound` value; a stored answer goes back at once,
/// anything else goes (already decoded) to a task, through the one dispatcher, and its outcome is
/// rendered for the request's platform at the edge.
public struct TenkiRouter: HTTPHandler {
    let metrics: MetricsRegistry
    let logger: Logger
    let isDraining: @Sendable () -> Bool
    let metricsAccess: MetricsAccess
    /// False on the separate metrics listener, which serves only `/metrics` and `/healthz`.
    let servesCommands: Bool
    /// False when Slack comes only over Socket Mode: `/slack/commands`, `/slack/interactions` and
    /// `/slack/events` are then 404.
    let servesSlackOverHTTP: Bool
    let requestIDs = RequestIDGenerator()
    /// The one dispatcher every way in hands its values to.
    public let dispatcher: InboundDispatcher
    /// The ways in: nil for a platform that is not configured (its path is then 404).
    let slackCommands: SlackCommandAdapter
    let slackInteractions: SlackInteractionAdapter?
    let mattermost: MattermostCommandAdapter?
    let discord: DiscordInteractionAdapter?
    /// Writes verified requests as replay files (`serve --record DIR`); nil when not recording.
    public var recorder: RequestRecorder?
    /// The clock `/metrics` is cached on: its text is built at most once a second
    /// (`MetricsRegistry.expositionMaxAge`) and shared by every scrape meanwhile.
    public var metricsClock: @Sendable () -> ContinuousClock.Instant = { .now }
    /// `GET /charts/…png`; nil while `TENKI_PUBLIC_URL` (or a signing secret) is unset: 404.
    var charts: ChartEndpoint?
    /// `GET /slack/install` and `/slack/oauth_redirect`; nil unless multi-workspace (`SLACK_CLIENT_ID`): 404.
    var install: InstallEndpoint?
    /// Why `/healthz` is 503 besides the drain (no Socket Mode connection for too long); nil: healthy.
    var healthProblem: @Sendable () -> String? = { nil }

    /// Who may read `/metrics` on this listener.
    public enum MetricsAccess: Sendable {
        /// Anyone who can reach the listener.
        case open
        /// Only requests with `Authorization: Bearer TOKEN`.
        case bearer(String)
        /// Not here: a separate metrics listener serves them (`TENKI_METRICS_ADDRESS`).
        case elsewhere
    }

    public static let commandsPath = "/slack/commands"
    public static let mattermostCommandsPath = "/mattermost/commands"

    /// A router for Slack's commands alone, answered inline whatever they take (tools and tests).
    /// - Parameter verifier: nil only with `--insecure-skip-verification`.
    public init(
        verifier: (any CommandRequestVerifier)?, decoder: any CommandDecoder = FormCommandDecoder(),
        commands: any SlashCommandResponder, metrics: MetricsRegistry, logger: Logger,
        isDraining: @escaping @Sendable () -> Bool = { false }, metricsAccess: MetricsAccess = .open, servesCommands: Bool = true
    ) {
        self.init(
            dispatcher: InboundDispatcher(commands: commands),
            slackCommands: SlackCommandAdapter(verifier: verifier, decoder: decoder),
            slackInteractions: nil, mattermost: nil, discord: nil, metrics: metrics, logger: logger, isDraining: isDraining,
            metricsAccess: metricsAccess, servesCommands: servesCommands)
    }

    /// The router of `serve`, built once by the composition root with every way in it serves.
    init(
        dispatcher: InboundDispatcher, slackCommands: SlackCommandAdapter, slackInteractions: SlackInteractionAdapter?,
        mattermost: MattermostCommandAdapter?, discord: DiscordInteractionAdapter?, charts: ChartEndpoint? = nil,
        metrics: MetricsRegistry, logger: Logger, isDraining: @escaping @Sendable () -> Bool, metricsAccess: MetricsAccess,
        servesCommands: Bool = true, servesSlackOverHTTP: Bool = true
    ) {
        self.servesSlackOverHTTP = servesSlackOverHTTP
        self.dispatcher = dispatcher
        self.slackCommands = slackCommands
        self.slackInteractions = slackInteractions
        self.mattermost = mattermost
        self.discord = discord
        self.charts = charts
        self.metrics = metrics
        self.logger = logger
        self.isDraining = isDraining
        self.metricsAccess = metricsAccess
        self.servesCommands = servesCommands
        Self.describeMetrics(metrics)
    }

    /// Health, metrics, every rejection and stored answers are answered on the listener's thread.
    public func route(_ request: consuming HTTPRequest) -> HTTPHandling {
        let start = MonotonicInstant.now
        let route: String
        let response: HTTPResponse
        // The path once (`request.path` looks for the `?` each time it is asked for).
        let path = request.path
        if !servesSlackOverHTTP, Self.isSlackHTTPPath(path) {
            record(route: "unknown", request: request, status: .notFound, since: start, requestID: nil)
            return .respond(Self.socketModeOnly)
        }
        // Commands first: almost every request is one, and each case before it is a string comparison.
        if servesCommands, path == Self.commandsPath { return postOnly(request, since: start, via: slackCommands) }
        switch (path, request.method) {
        case ("/healthz", "GET"), ("/healthz", "HEAD"):
            route = "healthz"
            if isDraining() {
                response = .text(.serviceUnavailable, "draining\n")
            } else if let problem = healthProblem() {
                response = .text(.serviceUnavailable, problem + "\n")
            } else {
                response = .text(.ok, "ok\n")
            }
        case ("/metrics", "GET"):
            route = "metrics"
            response = metricsResponse(request)
        case (Self.interactionsPath, _) where servesCommands && slackInteractions != nil:
            return postOnly(request, since: start, via: slackInteractions!)
        case (Self.eventsPath, _) where servesCommands && slackEvents != nil:
            return postOnly(request, since: start, via: slackEvents!)
        case (Self.discordInteractionsPath, _) where servesCommands && discord != nil:
            return postOnly(request, since: start, via: discord!)
        case (Self.mattermostCommandsPath, _) where servesCommands && mattermost != nil:
            return postOnly(request, since: start, via: mattermost!)
        case (_, "GET") where servesCommands && install != nil && InstallEndpoint.serves(path):
            let (install, exchange) = (install!, exchange(request, since: start, route: "install"))
            return .later { finished(await install.answer(exchange.request, log: log(exchange)), exchange) }
        case (_, _) where servesCommands && install != nil && InstallEndpoint.serves(path):
            route = "install"
            response = .text(.methodNotAllowed, "use GET\n", headers: ["Allow": "GET"])
        // HEAD as GET (the server sends the head alone): caches and link checkers ask with it.
        case (_, let method) where (method == "GET" || method == "HEAD") && servesCommands && charts != nil
            && ChartEndpoint.isChartPath(path):
            return chart(exchange(request, since: start, route: "charts"))
        case (_, _) where servesCommands && charts != nil && ChartEndpoint.isChartPath(path):
            route = "charts"
            response = .text(.methodNotAllowed, "use GET for charts\n", headers: ["Allow": "GET, HEAD"])
        case ("/healthz", _), ("/metrics", _):
            route = String(path.dropFirst())
            response = .text(.methodNotAllowed, "use GET\n", headers: ["Allow": "GET"])
        default:
            route = "unknown"
            response = Self.noSuchPath
        }
        record(route: route, request: request, status: response.status, since: start, requestID: nil)
        return .respond(response)
    }

    /// A way in that takes only POST (at `request.path`): the adapter's pipeline, or a 405 naming the method.
    private func postOnly(
        _ request: consuming HTTPRequest, since start: MonotonicInstant, via adapter: some InboundAdapter
    ) -> HTTPHandling {
        guard request.method == "POST" else {
            let response = HTTPResponse.text(.methodNotAllowed, "use POST for \(request.path)\n", headers: ["Allow": "POST"])
            record(route: adapter.route, request: request, status: response.status, since: start, requestID: nil)
            return .respond(response)
        }
        return serve(exchange(request, since: start, route: adapter.route), via: adapter)
    }

    /// A chart: refusals and 304s on the listener's thread, drawing in a task.
    private func chart(_ exchange: RouteExchange) -> HTTPHandling {
        guard let charts else { return now(Self.noSuchPath, exchange) }
        switch charts.answer(exchange.request) {
        case .now(let response):
            return now(response, exchange)
        case .render(let meteogram, let headers):
            return .later { finished(charts.render(meteogram, headers: headers), exchange) }
        }
    }

    /// A body over the limit is answered 413 by the server, but only once routing has passed:
    /// an unknown path or a wrong method keeps its 404 or 405, as the contract orders them.
    public func answerWithoutBody(_ head: HTTPRequest) -> HTTPResponse? {
        let path = head.path
        if !servesSlackOverHTTP, Self.isSlackHTTPPath(path) { return Self.socketModeOnly }
        // A POST to a way in is routed by its path alone: its adapter, run on the missing body, would
        // refuse it for its signature or media type (and count that) where the client gets its 413.
        if servesCommands, head.method == "POST", takesPosts(at: path) { return nil }
        guard let answer = handleInline(head), answer.status == .notFound || answer.status == .methodNotAllowed else {
            return nil
        }
        return answer
    }

    /// Whether `path` is one of the ways in this router serves (each takes only POST).
    private func takesPosts(at path: Substring) -> Bool {
        switch path {
        case Self.commandsPath: true
        case Self.mattermostCommandsPath: mattermost != nil
        case Self.interactionsPath: slackInteractions != nil
        case Self.eventsPath: slackEvents != nil
        case Self.discordInteractionsPath: discord != nil
        default: false
        }
    }

    /// Before inviting a body with `100 Continue`: the routing answer, 415 for a command that is
    /// not form-encoded, 401 for one without Slack's signature headers; such a body would only be
    /// thrown away. (A signature needs the body, so a signed request is always invited.)
    public func answerBeforeContinue(_ head: HTTPRequest) -> HTTPResponse? {
        if let routed = answerWithoutBody(head) { return routed }
        guard servesCommands, head.path == Self.commandsPath, head.method == "POST" else { return nil }
        let start = MonotonicInstant.now
        let response: HTTPResponse
        if !Self.isFormEncoded(head.headers["Content-Type"]) {
            response = .text(.unsupportedMediaType, "Slack commands are application/x-www-form-urlencoded\n")
        } else if slackCommands.verifier != nil,
            !head.headers.contains("X-Slack-Signature") || !head.headers.contains("X-Slack-Request-Timestamp")
        {
            metrics.increment("tenki_signature_failures_total", [("reason", "missing_header")])
            response = .text(.unauthorized, "invalid Slack signature (missing_header)\n")
        } else {
            return nil
        }
        record(route: "commands", request: head, status: response.status, since: start, requestID: nil)
        return response
    }

    /// The media type before any `;` parameters, without surrounding spaces and tabs, compared
    /// ASCII-case-insensitively (on bytes: this runs for every command).
    static func isFormEncoded(_ contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { bytes in
            // The value as Slack sends it: one comparison instead of a trim and a case-folding walk.
            let form = UnsafeBufferPointer(start: formMediaType.utf8Start, count: formMediaType.utf8CodeUnitCount)
            if bytes.count == form.count, let base = bytes.baseAddress,
                ShortBytes.equal(formMediaType.utf8Start, base, count: form.count)
            {
                return true
            }
            var start = 0, end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            return ASCIICase.equal(UnsafeBufferPointer(rebasing: bytes[start..<end]), form)
        }
    }

    /// The Slack HTTP ways in, which Socket Mode alone turns off.
    static func isSlackHTTPPath(_ path: Substring) -> Bool {
        path == commandsPath || path == interactionsPath || path == eventsPath
    }

    static let socketModeOnly = HTTPResponse.text(.notFound, "no such path: this Tenki takes Slack over Socket Mode only\n")

    private static let formMediaType: StaticString = "application/x-www-form-urlencoded"
}
