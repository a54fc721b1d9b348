extension NewsAPI.Kind {
    // The cache disposition is the default: temporary failures (and a spent daily budget) fall back
    // to the last good answer; the rest pass through. News has no "not found": an empty result is
    // an answer, cached like any other.

    public var metricLabel: String {
        switch self {
        case .invalidKey: "invalid_key"
        case .rateLimited: "rate_limited"
        case .badRequest: "bad_request"
        case .upstream: "upstream_status"
        case .timedOut: "timed_out"
        case .connectionFailed: "connection_failed"
        case .cancelled: "cancelled"
        case .undecodable: "undecodable"
        case .budgetExhausted: "budget_exhausted"
        }
    }
}
