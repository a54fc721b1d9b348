/// Signs a request body the way Discord does, for the demo, replay and tests: the other half of
/// `DiscordRequestVerifier`, with a test key pair whose public half is given to `serve` as
/// `DISCORD_PUBLIC_KEY`.
public struct DiscordRequestSigner: Sendable {
    public let privateKey: Ed25519PrivateKey

    public init(privateKey: Ed25519PrivateKey) {
        self.privateKey = privateKey
    }

    /// The `X-Signature-Ed25519` value (128 lowercase hex digits) for `body` sent at `timestamp`
    /// (seconds since 1970).
    public func signature(timestamp: Int64, body: [UInt8]) -> String {
        HexBytes.encode(privateKey.signature(for: Array(String(timestamp).utf8) + body))
    }

    /// Both headers Discord sends, ready to add to a request.
    public func headers(timestamp: Int64, body: [UInt8]) -> [(name: String, value: String)] {
        [
            (RequestVerificationError.Header.discordSignature.rawValue, signature(timestamp: timestamp, body: body)),
            (RequestVerificationError.Header.discordTimestamp.rawValue, String(timestamp)),
        ]
    }
}
