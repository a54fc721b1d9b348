/// Why a request did not come from Discord (or came too late). Each case has a short `reason` for metrics
/// labels and a `description` for logs; neither echoes a received signature or other header values an
/// attacker chose. Every case is a 401: Discord probes endpoints with bad signatures and removes an
/// endpoint that accepts one.
public enum DiscordVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The two headers that Discord's signature scheme needs.
    public enum Header: String, Sendable, Equatable {
        case timestamp = "X-Signature-Timestamp"
        case signature = "X-Signature-Ed25519"
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
    /// Not 128 hex digits (a 64-byte signature); `length` is the header value's length in bytes.
    case malformedSignature(length: Int)
    /// Well formed, but not the application key's signature of this timestamp and body.
    case badSignature

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
            "\(Header.signature.rawValue) is not 128 hex digits (\(length) bytes long)"
        case .badSignature: "request signature does not match DISCORD_PUBLIC_KEY"
        }
    }
}
