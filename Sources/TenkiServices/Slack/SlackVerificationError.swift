/// Why a request did not come from Slack (or came too late). Each case has a short `reason` for metrics
/// labels and a `description` for logs; neither ever holds a signing secret or a received signature, and
/// neither echoes header values an attacker chose.
public enum SlackVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The two headers that Slack's v0 scheme needs.
    public enum Header: String, Sendable, Equatable {
        case timestamp = "X-Slack-Request-Timestamp"
        case signature = "X-Slack-Signature"
    }

    case missingHeader(Header)
    /// Sent more than once: which copy the signature covers would be ambiguous, so the request is refused.
    case duplicateHeader(Header, count: Int)
    /// Not a non-negative decimal integer that fits in 64 bits.
    case malformedTimestamp
    /// Older than the tolerance; `skewSeconds` is how many seconds in the past (positive).
    case staleTimestamp(skewSeconds: Int64)
    /// Ahead by more than the tolerance; `skewSeconds` is how many seconds in the future (positive).
    case futureTimestamp(skewSeconds: Int64)
    /// Not `v0=` followed by 64 hex digits; `length` is the header value's length in bytes.
    case malformedSignature(length: Int)
    /// Well formed, but no configured secret produces it.
    case badSignature
    /// Authentic, but the same signed request was already accepted (see `RecentSignatures`).
    case replayed

    /// A stable, low-cardinality label for metrics.
    public var reason: String {
        switch self {
        case .missingHeader: "missing_header"
        case .duplicateHeader: "duplicate_header"
        case .malformedTimestamp: "malformed_timestamp"
        case .staleTimestamp: "stale_timestamp"
        case .futureTimestamp: "future_timestamp"
        case .malformedSignature: "malformed_signature"
        case .badSignature: "bad_signature"
        case .replayed: "replayed"
        }
    }

    public var description: String {
        switch self {
        case .missingHeader(let header): "missing \(header.rawValue) header"
        case .duplicateHeader(let header, let count): "\(header.rawValue) header sent \(count) times"
        case .malformedTimestamp: "\(Header.timestamp.rawValue) is not a number of seconds since 1970"
        case .staleTimestamp(let skew): "request timestamp is \(skew) s in the past"
        case .futureTimestamp(let skew): "request timestamp is \(skew) s in the future"
        case .malformedSignature(let length):
            "\(Header.signature.rawValue) is not v0= and 64 hex digits (\(length) bytes long)"
        case .badSignature: "request signature does not match any signing secret"
        case .replayed: "the same signed request was already received; each is run once"
        }
    }
}
