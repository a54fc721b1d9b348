/// What one attempt to post a message produced, as the retry policy needs to see it.
/// The core has no HTTP types, so the queue translates its transport's answer into this.
public enum AttemptOutcome: Sendable, Equatable {
    /// Any HTTP status, with the response body as text (Slack's reason, such as `invalid_payload`)
    /// and the raw `Retry-After` header when there was one.
    case response(status: Int, body: String, retryAfter: String?)
    /// No HTTP response arrived.
    case transportFailure(TransportFailure)

    /// Why no response arrived. Mirrors the transport's error without its details.
    public enum TransportFailure: String, Sendable, Equatable {
        /// Nothing within the request's timeout. The message may have arrived.
        case timedOut
        /// The connection was never made (refused, DNS, TLS). The message did not arrive.
        case connectionFailed
        /// The connection broke or the answer was not HTTP. The message may have arrived.
        case invalidResponse
        /// The sender gave up (shutdown). The message may have arrived.
        case cancelled
        /// The destination's name resolved only to private or loopback addresses, which a public
        /// destination may not reach: refused before connecting. The message did not arrive.
        case addressRefused
    }

    /// A short description for `last_error` and logs: a status and Slack's reason, never a URL.
    public var summary: String {
        switch self {
        case .response(let status, let body, _):
            if let reason = SlackErrorReason.parse(body) { return "HTTP \(status) \(reason)" }
            // Deliveries never follow redirects: Slack's URLs do not redirect, and the allow-list
            // checked only the address the message was for.
            if (300...399).contains(status) { return "HTTP \(status) redirect not followed" }
            return "HTTP \(status)"
        case .transportFailure(let failure):
            switch failure {
            case .timedOut: return "timed out"
            case .connectionFailed: return "connection failed"
            case .invalidResponse: return "connection broken"
            case .cancelled: return "cancelled"
            case .addressRefused: return "refused before connecting: the host resolved to a private or loopback address"
            }
        }
    }
}
