/// Why a request did not come from the chat platform it claims (or came too late), for every
/// platform Tenki serves. Each case has a short `reason` for metrics labels (the same label on
/// every platform) and a `description` for logs that names the platform's own header or setting;
/// neither ever holds a secret, a received signature or token, or a header value an attacker chose.
/// Every case is a 401.
public enum RequestVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The platform whose scheme was checked.
    public enum Platform: String, Sendable, Equatable {
        case slack, discord, mattermost

        public var displayName: String {
            switch self {
            case .slack: "Slack"
            case .discord: "Discord"
            case .mattermost: "Mattermost"
            }
        }
    }

    /// A header a platform's scheme needs.
    public enum Header: String, Sendable, Equatable {
        case slackTimestamp = "X-Slack-Request-Timestamp"
        case slackSignature = "X-Slack-Signature"
        case discordTimestamp = "X-Signature-Timestamp"
        case discordSignature = "X-Signature-Ed25519"
        case authorization = "Authorization"

        public var platform: Platform {
            switch self {
            case .slackTimestamp, .slackSignature: .slack
            case .discordTimestamp, .discordSignature: .discord
            case .authorization: .mattermost
            }
        }
    }

    case missingHeader(Header)
    /// Sent more than once: which copy the signature covers would be ambiguous, so the request is refused.
    case duplicateHeader(Header, count: Int)
    /// Not a non-negative decimal integer that fits in 64 bits.
    case malformedTimestamp(Header)
    /// Older than the tolerance; `skewSeconds` is how many seconds in the past (positive).
    case staleTimestamp(Header, skewSeconds: Int64)
    /// Ahead by more than the tolerance; `skewSeconds` is how many seconds in the future (positive).
    case futureTimestamp(Header, skewSeconds: Int64)
    /// Not in the platform's signature format; `length` is the header value's length in bytes.
    case malformedSignature(Platform, length: Int)
    /// Well formed, but no configured secret or key produces it.
    case badSignature(Platform)
    /// No command token in the `Authorization` header or the `token` field.
    case missingToken(Platform)
    /// A token that none of the configured tokens equals.
    case badToken(Platform)
    /// Authentic, but the same signed request was already accepted (see `RecentSignatures`).
    case replayed(Platform)

    /// The platform whose check failed.
    public var platform: Platform {
        switch self {
        case .missingHeader(let header), .duplicateHeader(let header, _), .malformedTimestamp(let header),
            .staleTimestamp(let header, _), .futureTimestamp(let header, _):
            header.platform
        case .malformedSignature(let platform, _), .badSignature(let platform), .missingToken(let platform),
            .badToken(let platform), .replayed(let platform):
            platform
        }
    }

    /// The first line of a 401's body: what failed, for whom (`invalid Discord signature`).
    public var refusal: String {
        switch self {
        case .missingToken(let platform), .badToken(let platform): "invalid \(platform.displayName) token"
        // Mattermost's Authorization holds a token, not a signature: sent twice, it is a header problem.
        case .duplicateHeader(.authorization, _): "Authorization header sent more than once"
        default: "invalid \(platform.displayName) signature"
        }
    }

    /// The metrics label of a refusal: stable and low-cardinality, the same on every platform.
    public enum Reason: String, CaseIterable, Sendable {
        case missingHeader = "missing_header"
        case duplicateHeader = "duplicate_header"
        case malformedTimestamp = "malformed_timestamp"
        case staleTimestamp = "stale_timestamp"
        case futureTimestamp = "future_timestamp"
        case malformedSignature = "malformed_signature"
        case badSignature = "bad_signature"
        case missingToken = "missing_token"
        case badToken = "bad_token"
        case replayed = "replayed"
    }

    /// Every `reason`, so that each can be counted from 0 before the first refusal (an alert's
    /// `rate` then has a series to read).
    public static var reasons: [String] { Reason.allCases.map(\.rawValue) }

    /// A stable, low-cardinality label for metrics.
    public var reason: String { kind.rawValue }

    /// Which `Reason` this refusal is.
    public var kind: Reason {
        switch self {
        case .missingHeader: .missingHeader
        case .duplicateHeader: .duplicateHeader
        case .malformedTimestamp: .malformedTimestamp
        case .staleTimestamp: .staleTimestamp
        case .futureTimestamp: .futureTimestamp
        case .malformedSignature: .malformedSignature
        case .badSignature: .badSignature
        case .missingToken: .missingToken
        case .badToken: .badToken
        case .replayed: .replayed
        }
    }

    public var description: String {
        switch self {
        case .missingHeader(let header): "missing \(header.rawValue) header"
        case .duplicateHeader(let header, let count): "\(header.rawValue) header sent \(count) times"
        case .malformedTimestamp(let header): "\(header.rawValue) is not a number of seconds since 1970"
        case .staleTimestamp(_, let skew): "request timestamp is \(skew) s in the past"
        case .futureTimestamp(_, let skew): "request timestamp is \(skew) s in the future"
        case .malformedSignature(.discord, let length):
            "\(Header.discordSignature.rawValue) is not 128 hex digits (\(length) bytes long)"
        case .malformedSignature(_, let length):
            "\(Header.slackSignature.rawValue) is not v0= and 64 hex digits (\(length) bytes long)"
        case .badSignature(.discord): "request signature does not match the Discord application's public key"
        case .badSignature: "request signature does not match any signing secret"
        case .missingToken: "no command token in the Authorization header or the token field"
        case .badToken: "command token is not one of the Mattermost tokens this Tenki accepts"
        case .replayed: "the same signed request was already received; each is run once"
        }
    }
}

extension RequestVerificationError.Header {
    /// The header's one value: none or several copies are refused, since which copy a signature
    /// covers would be ambiguous.
    public func single(_ values: [String]) throws(RequestVerificationError) -> String {
        try single((values.first, values.count))
    }

    /// The same from the first value and the number of copies (`HTTPHeaders.occurrences(of:)`).
    public func single(_ occurrences: (first: String?, count: Int)) throws(RequestVerificationError) -> String {
        switch (occurrences.first, occurrences.count) {
        case (_, 0), (nil, _): throw .missingHeader(self)
        case (let value?, 1): return value
        default: throw .duplicateHeader(self, count: occurrences.count)
        }
    }
}
