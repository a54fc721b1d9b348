/// Why a NewsAPI call produced no articles (see `ProviderError`).
public typealias NewsAPIError = ProviderError<NewsAPI>

/// NewsAPI.org, as its errors name it.
public enum NewsAPI: ProviderAPI {
    public static let displayName = "NewsAPI"

    public enum Kind: ProviderErrorKind {
        /// `apiKeyInvalid`, `apiKeyMissing`, `apiKeyDisabled`, `apiKeyExhausted` (or HTTP 401):
        /// an admin has to fix the key or the plan; retrying will not help.
        case invalidKey
        /// `rateLimited` (or HTTP 429): the developer plan allows 100 requests a day.
        case rateLimited
        /// NewsAPI rejected the request (`parameterInvalid`, `parametersMissing`, `sourcesTooMany`,
        /// `sourceDoesNotExist`, `maximumResultsReached`), or Tenki refused to send it (a blank
        /// query, an unsupported country). `code` is NewsAPI's code; `message` its scrubbed text.
        case badRequest(code: String, message: String)
        /// `unexpectedError`, a 5xx, or an error Tenki has no meaning for.
        case upstream(status: Int)
        /// No answer within the client's timeout.
        case timedOut
        /// No connection, or the connection broke.
        case connectionFailed(reason: String)
        /// The request was cancelled (the caller's task ended).
        case cancelled
        /// A body that is neither articles nor a NewsAPI error.
        case undecodable(reason: String)
        /// Tenki's own daily call budget for NewsAPI, or this user's share of it, is spent; no
        /// request was sent. Says which, and when it resets.
        case budgetExhausted(DailyCallBudget.Refusal)
    }

    /// Which client call failed.
    public enum Operation: String, Sendable, Equatable {
        case topHeadlines = "top-headlines"
        case everything
    }
}

extension NewsAPI.Kind {
    public var isTemporary: Bool {
        switch self {
        case .rateLimited, .upstream, .timedOut, .connectionFailed, .budgetExhausted: true
        case .invalidKey, .badRequest, .cancelled, .undecodable: false
        }
    }

    public var summary: String {
        switch self {
        case .invalidKey: "invalid API key"
        case .rateLimited: "rate limited"
        case .badRequest(let code, let message): "bad request: \(code): \(message)"
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
}
