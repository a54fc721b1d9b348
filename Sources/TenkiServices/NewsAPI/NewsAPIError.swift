/// Why a NewsAPI call produced no articles, with the context an operator needs (which call,
/// HTTP status, NewsAPI's own `code` and `message`) and never the API key, the bearer token or
/// the request URL: errors end up in logs and in replies.
public struct NewsAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
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
        /// Tenki's own daily call budget for NewsAPI is spent; no request was sent.
        case budgetExhausted
    }

    /// Which client call failed.
    public enum Operation: String, Sendable, Equatable {
        case topHeadlines = "top-headlines"
        case everything
    }

    public var kind: Kind
    public var operation: Operation
    /// The HTTP status, when a response arrived.
    public var httpStatus: Int?
    /// NewsAPI's `code` (`rateLimited`), when the body had one.
    public var providerCode: String?
    /// NewsAPI's `message`, with any secret removed.
    public var providerMessage: String?

    public init(
        _ kind: Kind, operation: Operation, httpStatus: Int? = nil, providerCode: String? = nil, providerMessage: String? = nil
    ) {
        self.kind = kind
        self.operation = operation
        self.httpStatus = httpStatus
        self.providerCode = providerCode
        self.providerMessage = providerMessage
    }

    /// Whether trying again later may succeed (and a stale cached answer is worth showing).
    public var isTemporary: Bool {
        switch kind {
        case .rateLimited, .upstream, .timedOut, .connectionFailed, .budgetExhausted: true
        case .invalidKey, .badRequest, .cancelled, .undecodable: false
        }
    }

    public var description: String {
        var text = "NewsAPI \(operation.rawValue): \(kindDescription)"
        var details: [String] = []
        if let httpStatus { details.append("HTTP \(httpStatus)") }
        if let providerCode { details.append("code \(providerCode)") }
        if let providerMessage { details.append("message \"\(providerMessage)\"") }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }

    private var kindDescription: String {
        switch kind {
        case .invalidKey: "invalid API key"
        case .rateLimited: "rate limited"
        case .badRequest(let code, let message): "bad request: \(code): \(message)"
        case .upstream(let status): "upstream error \(status)"
        case .timedOut: "timed out"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .cancelled: "cancelled"
        case .undecodable(let reason): "undecodable response: \(reason)"
        case .budgetExhausted: "daily call budget spent"
        }
    }
}
