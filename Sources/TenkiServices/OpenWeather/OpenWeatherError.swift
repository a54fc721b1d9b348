/// Why an OpenWeatherMap call produced no result, with the context an operator needs
/// (which call, HTTP status, the provider's own code and message) and never the API key or
/// the request URL: both may end up in logs and in replies.
public struct OpenWeatherError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Geocoding found nothing (HTTP 200 with `[]`), or the API answered 404 "city not found".
        /// `query` is what the user asked for (or the coordinates, for weather calls).
        case placeNotFound(query: String)
        /// 401: the key is wrong, not yet active, or lacks the subscription.
        case invalidKey
        /// 429: over the plan's call limit.
        case rateLimited
        /// 400: the API rejected a parameter (`wrong latitude`, `Nothing to geocode`).
        case badRequest(message: String)
        /// 5xx, or another status Tenki has no meaning for.
        case upstream(status: Int)
        /// No answer within the client's timeout.
        case timedOut
        /// No connection, or the connection broke.
        case connectionFailed(reason: String)
        /// The request was cancelled (the caller's task ended).
        case cancelled
        /// A 2xx body that is not the expected JSON.
        case undecodable(reason: String)
    }

    /// Which client call failed.
    public enum Operation: String, Sendable, Equatable {
        case geocode
        case currentWeather = "current-weather"
        case forecast
    }

    public var kind: Kind
    public var operation: Operation
    /// The HTTP status, when a response arrived.
    public var httpStatus: Int?
    /// The body's `cod` as sent (`"404"` or `401`).
    public var providerCode: String?
    /// The body's `message`, with any secret removed.
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
        case .rateLimited, .upstream, .timedOut, .connectionFailed: true
        case .placeNotFound, .invalidKey, .badRequest, .cancelled, .undecodable: false
        }
    }

    public var description: String {
        var text = "OpenWeatherMap \(operation.rawValue): \(kindDescription)"
        var details: [String] = []
        if let httpStatus { details.append("HTTP \(httpStatus)") }
        if let providerCode { details.append("cod \(providerCode)") }
        if let providerMessage { details.append("message \"\(providerMessage)\"") }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }

    private var kindDescription: String {
        switch kind {
        case .placeNotFound(let query): "place not found: \(query)"
        case .invalidKey: "invalid API key"
        case .rateLimited: "rate limited"
        case .badRequest(let message): "bad request: \(message)"
        case .upstream(let status): "upstream error \(status)"
        case .timedOut: "timed out"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .cancelled: "cancelled"
        case .undecodable(let reason): "undecodable response: \(reason)"
        }
    }
}
