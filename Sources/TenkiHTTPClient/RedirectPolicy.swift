import Foundation

/// Whether a transport follows a 3xx answer's `Location`, chosen per request.
///
/// Deliveries use `.none`: Slack's response_urls and webhooks never redirect, and following one
/// would post the message to an address the allow-list never saw. A client that does follow
/// redirects names a check that every hop must pass, so the first hop's check is not the only one.
public enum RedirectPolicy: Sendable {
    /// A 3xx is the response, returned like any other status.
    case none
    /// Up to `maximumRedirects` hops, each only when `check` accepts its absolute URL. A refused
    /// hop, a hop to another scheme than HTTP(S), or HTTPS to plain HTTP fails as `.invalidResponse`.
    case follow(check: @Sendable (URL) -> Bool)

    public static let maximumRedirects = 5

    /// The statuses whose `Location` names where the request should go instead.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Headers that carry credentials: never sent on to another origin (scheme, host or port).
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key"]
}

extension RedirectPolicy {
    /// Sends `request` through `sendOnce` and follows redirects as `request.redirects` allows,
    /// all hops within the request's one timeout. Any transport can follow redirects this way.
    public static func send(
        _ request: OutboundRequest,
        through sendOnce: (OutboundRequest) async throws(TransportError) -> OutboundResponse
    ) async throws(TransportError) -> OutboundResponse {
        let clock = ContinuousClock()
        let deadline = clock.now + request.timeout
        var current = request
        var hops = 0
        while true {
            let response = try await sendOnce(current)
            guard var next = try nextRequest(after: response, to: current) else { return response }
            hops += 1
            guard hops <= maximumRedirects else {
                throw .invalidResponse(reason: "more than \(maximumRedirects) redirects")
            }
            let left = deadline - clock.now
            guard left > .zero else { throw .timedOut }
            next.timeout = left
            current = next
        }
    }

    /// The request for the next hop, or nil when `response` is the final answer (not a redirect,
    /// no `Location`, or the policy is `.none`). Throws when the hop is refused.
    static func nextRequest(
        after response: OutboundResponse, to request: OutboundRequest
    ) throws(TransportError) -> OutboundRequest? {
        guard case .follow(let check) = request.redirects, redirectStatuses.contains(response.status),
            let location = response.headers["Location"]
        else { return nil }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), target.host != nil
        else { throw .invalidResponse(reason: "HTTP \(response.status) redirect to an unreadable Location") }
        guard scheme == "https" || scheme == "http" else {
            throw .invalidResponse(reason: "HTTP \(response.status) redirect to a scheme other than HTTP(S) refused")
        }
        if scheme == "http", request.url.scheme?.lowercased() == "https" {
            throw .invalidResponse(reason: "HTTP \(response.status) redirect from HTTPS to plain HTTP refused")
        }
        guard check(target) else {
            throw .invalidResponse(reason: "HTTP \(response.status) redirect to a destination the caller does not allow")
        }
        var next = request
        next.url = target
        // As browsers and curl do: 303 always, and 301/302 after a POST, continue as a GET.
        let becomesGET = (response.status == 303 && request.method != "HEAD")
            || ((response.status == 301 || response.status == 302) && request.method == "POST")
        if becomesGET {
            next.method = "GET"
            next.body = []
            next.headers.remove("Content-Type")
            next.headers.remove("Content-Length")
        }
        if !sameOrigin(request.url, target) {
            for name in credentialHeaders { next.headers.remove(name) }
        }
        return next
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
