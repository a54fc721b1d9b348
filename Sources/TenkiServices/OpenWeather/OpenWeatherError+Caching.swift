extension OpenWeatherMap.Kind {
    /// A missing place is remembered (and never hidden by an older answer), a temporary failure
    /// falls back to the last good answer, the rest pass through.
    public var cacheDisposition: FailureDisposition {
        if case .placeNotFound = self { return .negative }
        return isTemporary ? .temporary : .permanent
    }

    public var metricLabel: String {
        switch self {
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
