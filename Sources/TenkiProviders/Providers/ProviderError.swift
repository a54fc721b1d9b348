/// What a provider's error needs from its provider: a name for messages, the name of its own error
/// code field, and the sets of error kinds and calls.
public protocol ProviderAPI: Sendable {
    associatedtype Kind: ProviderErrorKind
    /// Which client call failed; its raw value names the call in messages and metrics.
    associatedtype Operation: RawRepresentable, Sendable, Equatable where Operation.RawValue == String
    /// How messages name the provider (`NewsAPI`, `OpenWeatherMap`).
    static var displayName: String { get }
    /// What the provider calls the error code in its bodies (`code`, `cod`), for messages.
    static var codeField: String { get }
}

extension ProviderAPI {
    /// Most providers call it `code`.
    public static var codeField: String { "code" }
}

/// Why a provider call produced no result, with the context an operator needs (which call, HTTP
/// status, the provider's own code and message) and never the API key, a bearer token or the
/// request URL: errors end up in logs and in replies. Each client names its own:
/// `NewsAPIError`, `OpenWeatherError`.
public struct ProviderError<API: ProviderAPI>: Error, Sendable, Equatable, CustomStringConvertible {
    public typealias Kind = API.Kind
    public typealias Operation = API.Operation

    public var kind: Kind
    public var operation: Operation
    /// The HTTP status, when a response arrived.
    public var httpStatus: Int?
    /// The provider's error code as sent (NewsAPI's `rateLimited`, OpenWeatherMap's `"404"`), when the body had one.
    public var providerCode: String?
    /// The provider's error message, with any secret removed.
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
    public var isTemporary: Bool { kind.isTemporary }

    /// What the cache does with this error (see `ProviderErrorKind.cacheDisposition`).
    public var cacheDisposition: FailureDisposition { kind.cacheDisposition }

    /// The `kind` label of `tenki_upstream_errors_total`: a fixed set, never the query or reason.
    public var metricLabel: String { kind.metricLabel }

    public var description: String {
        var text = "\(API.displayName) \(operation.rawValue): \(kind.summary)"
        var details: [String] = []
        if let httpStatus { details.append("HTTP \(httpStatus)") }
        if let providerCode { details.append("\(API.codeField) \(providerCode)") }
        if let providerMessage { details.append("message \"\(providerMessage)\"") }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }
}
