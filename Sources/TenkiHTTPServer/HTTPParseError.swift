/// Why the bytes on a connection are not an acceptable HTTP/1.1 request. Each case maps to the
/// status the server answers with before closing the connection, given on each case below.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Not HTTP/1.1 as RFC 9112 spells it, or framing that could be used for request smuggling: 400.
        case malformed
        /// `HTTP/2.0`, `HTTP/0.9` and the like: 505.
        case versionNotSupported
        /// Request line plus header fields (or chunked trailers) over the limit: 431.
        case headersTooLarge
        /// Declared or decoded body over the limit: 413.
        case contentTooLarge
        /// A transfer coding other than `chunked` (say `gzip, chunked`): 501.
        case unsupportedTransferCoding
    }

    public var kind: Kind
    /// A short reason, safe to send to the client (it never echoes request bytes).
    public var reason: String
    /// The parsed head (with an empty body) when the error is about the body, so the server can let
    /// routing answer first (404/405 before 413); nil for errors in the head itself.
    public var head: HTTPRequest?

    public init(_ kind: Kind, _ reason: String, head: HTTPRequest? = nil) {
        self.kind = kind
        self.reason = reason
        self.head = head
    }

    public var status: HTTPStatus {
        switch kind {
        case .malformed: .badRequest
        case .versionNotSupported: .httpVersionNotSupported
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .contentTooLarge: .contentTooLarge
        case .unsupportedTransferCoding: .notImplemented
        }
    }

    public var description: String { "\(status.code) \(reason)" }

    public static func == (lhs: HTTPParseError, rhs: HTTPParseError) -> Bool {
        lhs.kind == rhs.kind && lhs.reason == rhs.reason
    }
}
