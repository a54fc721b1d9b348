extension NewsAPIError {
    /// What the cache does with this error: temporary failures (and a spent daily budget) fall back
    /// to the last good answer; the rest pass through. News has no "not found": an empty result
    /// is an answer, cached like any other.
    public var cacheDisposition: FailureDisposition {
        isTemporary ? .temporary : .permanent
    }

    /// The `kind` label of `tenki_upstream_errors_total`: a fixed set, never the query or reason.
    public var metricLabel: String {
        switch kind {
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
