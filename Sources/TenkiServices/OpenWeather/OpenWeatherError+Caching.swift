extension OpenWeatherError {
    /// What the cache does with this error: a missing place is remembered (and never hidden by an
    /// older answer), a temporary failure falls back to the last good answer, the rest pass through.
    public var cacheDisposition: FailureDisposition {
        if case .placeNotFound = kind { return .negative }
        return isTemporary ? .temporary : .permanent
    }

    /// The `kind` label of `tenki_upstream_errors_total`: a fixed set, never the query or reason.
    public var metricLabel: String {
        switch kind {
        case .placeNotFound: "place_not_found"
        case .invalidKey: "invalid_key"
        case .rateLimited: "rate_limited"
        case .badRequest: "bad_request"
        case .upstream: "upstream_status"
        case .timedOut: "timed_out"
        case .connectionFailed: "connection_failed"
        case .cancelled: "cancelled"
        case .undecodable: "undecodable"
        }
    }
}
