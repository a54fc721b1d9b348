import TenkiCore

/// Why one feed gave no items (see `ProviderError`). A reply shows it as a note beside the feed's
/// name while the other feeds still answer.
public typealias FeedError = ProviderError<Feeds>

/// RSS and Atom feeds, as their errors name them.
public enum Feeds: ProviderAPI {
    public static let displayName = "feed"

    public enum Kind: ProviderErrorKind {
        /// No answer within the feed's deadline.
        case timedOut
        /// No connection, or the connection broke.
        case connectionFailed(reason: String)
        /// The request was cancelled (the caller's task ended).
        case cancelled
        /// The server answered with a status other than 200 or 304 (404, 410, 5xx, 429), and its
        /// `Retry-After` as sent, if any (the next fetch waits at least that long).
        case upstream(status: Int, retryAfter: String?)
        /// The body is not an RSS or Atom document (an HTML page, JSON).
        case notAFeed(reason: String)
        /// The body looks like a feed but is not well-formed XML.
        case malformed(reason: String)
        /// The document goes over a limit (decoded bytes, depth, elements).
        case tooLarge(reason: String)
        /// Tenki refused the feed: a redirect to plain HTTP, a private address or too many hops,
        /// or a document that declares entities.
        case refused(reason: String)
    }

    /// Which call failed.
    public enum Operation: String, Sendable, Equatable {
        case fetch
    }
}

extension Feeds.Kind {
    public var isTemporary: Bool {
        switch self {
        case .timedOut, .connectionFailed, .upstream: true
        case .cancelled, .notAFeed, .malformed, .tooLarge, .refused: false
        }
    }

    public var summary: String {
        switch self {
        case .timedOut: "timed out"
        case .connectionFailed(let reason): "unreachable: \(reason)"
        case .cancelled: "cancelled"
        case .upstream(let status, _): "HTTP \(status)"
        case .notAFeed(let reason), .malformed(let reason): reason
        case .tooLarge(let reason), .refused(let reason): reason
        }
    }

    /// What a reply in chat says about the failure: no connection details. A refused port, a TLS
    /// failure and a timeout each say something different about what listens at an address, so a
    /// hostile feed's redirects could scan ports through `/news`; in chat they are all "could not
    /// be fetched" (the log keeps `summary`).
    public var chatReason: String {
        switch self {
        case .timedOut, .connectionFailed, .cancelled: "could not be fetched"
        case .upstream, .notAFeed, .malformed, .tooLarge, .refused: summary
        }
    }

    public var metricLabel: String {
        switch self {
        case .timedOut: "timed_out"
        case .connectionFailed: "connection_failed"
        case .cancelled: "cancelled"
        case .upstream: "upstream_status"
        case .notAFeed: "not_a_feed"
        case .malformed: "malformed"
        case .tooLarge: "too_large"
        case .refused: "refused"
        }
    }
}

extension FeedParseError {
    /// The feed error kind this parse failure is.
    var feedKind: Feeds.Kind {
        switch self {
        case .notAFeed: .notAFeed(reason: description)
        case .malformed: .malformed(reason: description)
        case .tooLarge: .tooLarge(reason: description)
        case .refusedDoctype: .refused(reason: description)
        }
    }
}
