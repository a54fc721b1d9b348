import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiLogging

/// Fetches one RSS or Atom feed over any `HTTPTransport`, politely and defensively:
///
/// - a `User-Agent` naming Tenki, and a conditional GET (`If-None-Match`, `If-Modified-Since`) when
///   the caller has the validators of an earlier answer; a 304 is returned without its body being
///   read, so the caller serves the items it kept;
/// - one deadline for the whole fetch, redirects included (`timeout`);
/// - redirects followed at most `RedirectPolicy.maximumRedirects` hops, each re-checked by the
///   `FeedAddressRule` (HTTPS only, no private address unless allowed);
/// - at most `limits.maxDocumentBytes` decoded bytes (the transport decodes `gzip` and stops a body
///   over its own cap while it streams, so a compressed bomb never fills memory);
/// - parsing by `FeedParser`, which never resolves entities.
///
/// Errors carry no URL (a private feed's URL may hold a token): the caller knows which feed it asked.
public struct FeedClient: Sendable {
    let transport: any HTTPTransport
    let userAgent: String
    public let timeout: Duration
    public let rule: FeedAddressRule
    public let limits: FeedLimits
    let logger: Logger

    public init(
        transport: any HTTPTransport, userAgent: String, timeout: Duration = .seconds(10), rule: FeedAddressRule,
        limits: FeedLimits = .standard, logger: Logger
    ) {
        self.transport = transport
        self.userAgent = userAgent
        self.timeout = timeout
        self.rule = rule
        self.limits = limits
        self.logger = logger
    }

    static let accept =
        "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1"

    /// The feed at `source`, or `.notModified` when `validators` still hold.
    public func fetch(_ source: FeedSource, validators: FeedValidators? = nil) async throws(FeedError) -> FeedAnswer {
        if let refusal = rule.refusal(forFeed: source.url) {
            throw FeedError(.refused(reason: refusal), operation: .fetch)
        }
        var headers: HTTPHeaders = ["User-Agent": userAgent, "Accept": Self.accept]
        if let etag = validators?.etag { headers.add("If-None-Match", etag) }
        if let lastModified = validators?.lastModified { headers.add("If-Modified-Since", lastModified) }
        let rule = rule
        let request = OutboundRequest(
            method: "GET", url: source.url, headers: headers, timeout: timeout,
            redirects: .follow(check: { rule.permitsRedirect(to: $0) }),
            publicAddressesOnly: !rule.allowsPrivateAddresses)

        let clock = ContinuousClock()
        let start = clock.now
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            let kind = Self.kind(of: error)
            log(source, status: "none", elapsed: clock.now - start, extra: [("error", kind.summary)])
            throw FeedError(kind, operation: .fetch)
        }
        log(source, status: String(response.status), elapsed: clock.now - start, extra: [("bytes", String(response.body.count))])
        return try interpret(response, source: source)
    }

    func interpret(_ response: OutboundResponse, source: FeedSource) throws(FeedError) -> FeedAnswer {
        switch response.status {
        case 304:
            return FeedAnswer(feed: nil, validators: FeedValidators(response.headers), headers: response.headers)
        case 200...299:
            guard response.body.count <= limits.maxDocumentBytes else {
                throw FeedError(
                    .tooLarge(reason: FeedParseError.tooLarge(.documentBytes(limits.maxDocumentBytes)).description),
                    operation: .fetch, httpStatus: response.status)
            }
            do throws(FeedParseError) {
                let feed = try FeedParser.parse(response.body, url: source.url, limits: limits)
                return FeedAnswer(feed: feed, validators: FeedValidators(response.headers), headers: response.headers)
            } catch {
                throw FeedError(error.feedKind, operation: .fetch, httpStatus: response.status)
            }
        default:
            throw FeedError(
                .upstream(status: response.status, retryAfter: response.headers["Retry-After"]), operation: .fetch,
                httpStatus: response.status)
        }
    }

    /// A transport failure as a feed error: a refused hop or an over-long body is Tenki's refusal,
    /// not the feed being unreachable.
    static func kind(of error: TransportError) -> Feeds.Kind {
        switch error {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .connectionFailed(let reason): return .connectionFailed(reason: reason)
        case .invalidResponse(let reason):
            if reason.contains("redirect") { return .refused(reason: reason) }
            if reason.hasPrefix("response larger than") { return .tooLarge(reason: reason) }
            return .connectionFailed(reason: reason)
        }
    }

    private func log(_ source: FeedSource, status: String, elapsed: Duration, extra: [(key: String, value: String)]) {
        guard logger.isEnabled(.debug) else { return }
        logger.debug(
            "feed request",
            [
                ("feed", source.name), ("host", source.url.host ?? "-"), ("status", status),
                ("duration_ms", String(elapsed.milliseconds)),
            ] + extra)
    }
}
