/// A provider's set of error kinds. Every provider has the transport's three (so one mapping from
/// `ProviderRequest.Failure` serves all clients); the rest is the provider's own vocabulary.
public protocol ProviderErrorKind: Sendable, Equatable {
    /// No answer within the client's timeout.
    static var timedOut: Self { get }
    /// The request was cancelled (the caller's task ended).
    static var cancelled: Self { get }
    /// No connection, or the connection broke.
    static func connectionFailed(reason: String) -> Self

    /// Whether trying again later may succeed (and a stale cached answer is worth showing).
    var isTemporary: Bool { get }
    /// What went wrong, for the error's description (`rate limited`, `upstream error 503`).
    var summary: String { get }
    /// The `kind` label of `tenki_upstream_errors_total`: a fixed set, never the query or reason.
    var metricLabel: String { get }
    /// What the cache does with this kind of failure.
    var cacheDisposition: FailureDisposition { get }
}

extension ProviderErrorKind {
    /// Temporary failures fall back to the last good answer; the rest pass through.
    public var cacheDisposition: FailureDisposition {
        isTemporary ? .temporary : .permanent
    }
}

extension ProviderRequest.Failure {
    /// This failure in the vocabulary of any provider's error kinds.
    func kind<Kind: ProviderErrorKind>() -> Kind {
        switch self {
        case .invalidURL: .connectionFailed(reason: "cannot build a URL from the base URL")
        case .transport(.timedOut): .timedOut
        case .transport(.cancelled): .cancelled
        case .transport(.connectionFailed(let reason)), .transport(.invalidResponse(let reason)): .connectionFailed(reason: reason)
        }
    }
}
