/// Signs a request body the way Slack does (v0), for the demo, replay and tests: the other half of
/// `SlackRequestVerifier`.
public struct SlackRequestSigner: Sendable {
    let secret: [UInt8]

    public init(signingSecret: String) {
        self.secret = Array(signingSecret.utf8)
    }

    /// The `X-Slack-Signature` value for `body` sent at `timestamp` (seconds since 1970).
    public func signature(timestamp: Int64, body: [UInt8]) -> String {
        let base = Array("v0:\(timestamp):".utf8) + body
        let code = HMACSHA256.authenticationCode(key: secret, message: base)
        return "v0=" + code.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Both headers Slack sends, ready to add to a request.
    public func headers(timestamp: Int64, body: [UInt8]) -> [(name: String, value: String)] {
        [("X-Slack-Request-Timestamp", String(timestamp)), ("X-Slack-Signature", signature(timestamp: timestamp, body: body))]
    }
}
