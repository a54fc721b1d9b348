/// What went wrong with a call to a keyed JSON API (NewsAPI, OpenWeatherMap): one vocabulary, so
/// both answer the same way in metrics, in the cache and in replies. A provider uses the cases it
/// has a meaning for; `placeNotFound` is OpenWeatherMap's, `budgetExhausted` NewsAPI's.
public enum APIErrorKind: ProviderErrorKind {
    /// OpenWeatherMap's geocoding found nothing (HTTP 200 with `[]`), or it answered 404 "city not
    /// found". `query` is what the user asked for (or the coordinates, for weather calls).
    case placeNotFound(query: String)
    /// 401, or NewsAPI's `apiKeyInvalid`, `apiKeyMissing`, `apiKeyDisabled`, `apiKeyExhausted`: the
    /// key is wrong, not yet active or lacks the plan; an admin has to fix it, retrying will not help.
    case invalidKey
    /// 429, or NewsAPI's `rateLimited`: over the plan's call limit (NewsAPI's developer plan allows
    /// 100 requests a day).
    case rateLimited
    /// The provider rejected the request (a 400: OpenWeatherMap's `wrong latitude`, NewsAPI's
    /// `parameterInvalid`, `sourceDoesNotExist` and the like), or Tenki refused to send it (a blank
    /// query, an unsupported country). `code` is the provider's code, when it sends one; `message`
    /// its scrubbed text.
    case badRequest(code: String? = nil, message: String)
    /// 5xx, NewsAPI's `unexpectedError`, or another status Tenki has no meaning for.
    case upstream(status: Int)
    /// No answer within the client's timeout.
    case timedOut
    /// No connection, or the connection broke.
    case connectionFailed(reason: String)
    /// The request was cancelled (the caller's task ended).
    case cancelled
    /// A body that is neither the expected JSON nor the provider's error.
    case undecodable(reason: String)
    /// Tenki's own daily call budget for the provider (NewsAPI's), or this user's share of it, is
    /// spent; no request was sent. Says which, and when it resets.
    case budgetExhausted(DailyCallBudget.Refusal)
}

extension APIErrorKind {
    public var isTemporary: Bool {
        switch self {
        case .rateLimited, .upstream, .timedOut, .connectionFailed, .budgetExhausted: true
        case .placeNotFound, .invalidKey, .badRequest, .cancelled, .undecodable: false
        }
    }

    /// A missing place is remembered (and never hidden by an older answer), a temporary failure
    /// falls back to the last good answer, the rest pass through.
    public var cacheDisposition: FailureDisposition {
        if case .placeNotFound = self { return .negative }
        return isTemporary ? .temporary : .permanent
    }

    public var summary: String {
        switch self {
        case .placeNotFound(let query): "place not found: \(query)"
        case .invalidKey: "invalid API key"
        case .rateLimited: "rate limited"
        case .badRequest(let code?, let message): "bad request: \(code): \(message)"
        case .badRequest(nil, let message): "bad request: \(message)"
        case .upstream(let status): "upstream error \(status)"
        case .timedOut: "timed out"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .cancelled: "cancelled"
        case .undecodable(let reason): "undecodable response: \(reason)"
        case .budgetExhausted(let refusal):
            switch refusal.reason {
            case .budgetSpent: "daily call budget spent (\(refusal.allowance) calls for commands)"
            case .userShareSpent: "this user's share of the daily call budget spent (\(refusal.allowance) calls)"
            }
        }
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
        case .budgetExhausted: "budget_exhausted"
        }
    }
}
