import Foundation
import TenkiSecurity

/// The OAuth `state`s of installs in flight: issued with the install page, checked once by the
/// redirect. Each is single-use, bound to a browser cookie, and expires after `lifetime`
/// (10 minutes); kept in the state database, so the redirect may reach another replica than the
/// page did. Only keyed hashes of the state and the cookie are stored.
public protocol OAuthStateStore: Sendable {
    /// A new state and the cookie value it is bound to (both random, URL-safe).
    func issue() async throws(StateStoreError) -> OAuthStateGrant

    /// Uses up `state` (whatever the outcome: a state is checked once), and says whether it is
    /// one this store issued, unexpired, to the browser that sends `cookie`.
    func consume(_ state: String, cookie: String?) async throws(StateStoreError) -> OAuthStateCheck
}

/// What `OAuthStateStore.issue` gives the install page: the `state` for Slack's authorize URL and
/// the value of the cookie the redirect must come back with. Description redacted: both are
/// bearer values until used.
public struct OAuthStateGrant: Sendable, Equatable, CustomStringConvertible {
    public let state: String
    public let cookie: String
    public let expiresAt: Date

    public var description: String { "OAuthStateGrant(redacted, expires \(expiresAt))" }
}

/// The redirect's verdict on a `state`.
public enum OAuthStateCheck: Sendable, Equatable {
    case valid
    /// Never issued, or already used.
    case unknown
    case expired
    /// The request carries no cookie for it.
    case missingCookie
    /// The cookie is another browser's.
    case wrongCookie
}

extension OAuthStateGrant {
    /// How long a state is accepted after its page was served.
    public static let lifetime: TimeInterval = 600

    /// 32 random bytes as base64url without padding (43 characters).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// What is stored instead of a state or cookie: its HMAC-SHA256 under a fixed label, in hex.
    /// A reader of the database learns neither.
    static func storedHash(_ value: String, label: String) -> String {
        HexBytes.encode(HMACSHA256.authenticationCode(key: Array("tenki oauth \(label)".utf8), message: Array(value.utf8)))
    }
}
