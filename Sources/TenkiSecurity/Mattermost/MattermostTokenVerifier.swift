import Foundation
import TenkiCore

/// Checks that a slash command came from Mattermost: the command's token, sent as
/// `Authorization: Token T` or in the form field `token`, must equal one of the configured
/// tokens (`MATTERMOST_TOKENS`; Mattermost gives each command its own, and any listed token is
/// accepted for any command). The comparison takes the same time whatever the token: both sides
/// are reduced to a keyed digest of fixed length first, and every configured token is compared.
/// Neither `description` nor an error ever shows a token.
public struct MattermostTokenVerifier: Sendable, CustomStringConvertible, CustomReflectable {
    private let digests: [[UInt8]]
    /// Only makes the digests a fixed length; not a secret.
    private static let digestKey = Array("tenki mattermost token".utf8)

    /// Nil when no token is given: the Mattermost route then does not exist.
    public init?(tokens: [String]) {
        let usable = tokens.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !usable.isEmpty else { return nil }
        self.digests = usable.map(Self.digest)
    }

    /// - Parameters:
    ///   - authorizationHeaderValues: every value of `Authorization`; a `Token` one is used.
    ///   - formToken: the body's `token` field, if any.
    public func verify(authorizationHeaderValues: [String], formToken: String?) throws(RequestVerificationError) {
        let headerTokens = authorizationHeaderValues.compactMap(Self.tokenCredentials)
        guard headerTokens.count <= 1 else {
            throw .duplicateHeader(.authorization, count: authorizationHeaderValues.count)
        }
        let candidates = headerTokens + [formToken].compactMap { $0 }.filter { !$0.isEmpty }
        guard !candidates.isEmpty else { throw .missingToken(.mattermost) }
        var matched = false
        for candidate in candidates {
            let received = Self.digest(candidate)
            for expected in digests where HMACSHA256.constantTimeEquals(received, expected) {
                matched = true
            }
        }
        guard matched else { throw .badToken(.mattermost) }
    }

    /// The credentials of `Authorization: Token CREDENTIALS` (scheme case-insensitive), or nil.
    static func tokenCredentials(_ value: String) -> String? {
        guard let space = value.firstIndex(of: " "), value[..<space].lowercased() == "token" else { return nil }
        let credentials = value[space...].drop { $0 == " " }
        return credentials.isEmpty ? nil : String(credentials)
    }

    private static func digest(_ token: String) -> [UInt8] {
        HMACSHA256.authenticationCode(key: digestKey, message: Array(token.utf8))
    }

    public var description: String {
        "MattermostTokenVerifier(\(digests.count) token\(digests.count == 1 ? "" : "s"))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["tokens": digests.count])
    }
}
