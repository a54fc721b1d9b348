/// A platform's check that a request is signed by it and fresh: its timestamp header's values,
/// its signature header's values and the raw body in; nothing out, or why not. Slack's v0 HMAC
/// and Discord's Ed25519 are the two kinds.
public protocol SignedRequestVerifier: Sendable {
    func verify(
        timestampHeaderValues: [String], signatureHeaderValues: [String], body: [UInt8]
    ) throws(RequestVerificationError)
}

extension SlackRequestVerifier: SignedRequestVerifier {}
extension DiscordRequestVerifier: SignedRequestVerifier {}
