/// An Ed25519 private key (RFC 8032) that signs: the other half of `Ed25519PublicKey`, for what plays
/// Discord's part (the demo, replay files, tests). `serve` never needs one; Discord keeps its own.
///
/// The seed never appears in `description`, `dump` or a debugger's summary.
public struct Ed25519PrivateKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// The key's public half, derived from the seed.
    public let publicKey: Ed25519PublicKey
    private let key: Ed25519Backend.Key

    /// A key from its 32-byte seed (RFC 8032's "secret key"), for fixed test vectors.
    public init(seed: some Collection<UInt8>) throws(Ed25519KeyError) {
        let bytes = Array(seed)
        guard bytes.count == Ed25519PublicKey.byteCount else { throw .wrongLength(byteCount: bytes.count) }
        guard let key = Ed25519Backend.Key(seed: bytes) else { throw .rejectedByLibrary }
        self.key = key
        self.publicKey = Ed25519PublicKey(rawBytes: key.publicBytes, key: key)
    }

    /// A key from its seed in 64 hex digits.
    public init(seedHex: String) throws(Ed25519KeyError) {
        guard let bytes = HexBytes.decode(seedHex) else { throw .notHex(characterCount: seedHex.count) }
        try self.init(seed: bytes)
    }

    /// A new key from the system's cryptographically secure generator (`getrandom` on Linux).
    public static func generate() -> Self {
        var generator = SystemRandomNumberGenerator()
        let seed = (0..<Ed25519PublicKey.byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        do {
            return try Self(seed: seed)
        } catch {
            // Every 32-byte seed is a valid key; only a broken library refuses one.
            preconditionFailure("the crypto library refused a fresh Ed25519 seed: \(error)")
        }
    }

    /// The 64-byte signature of `message`. With libcrypto it is RFC 8032's deterministic signature;
    /// CryptoKit randomizes it (equally valid).
    public func signature(for message: some Collection<UInt8>) -> [UInt8] {
        Ed25519PublicKey.withContiguousBytes(of: message) { key.signature(for: $0) }
    }

    public var description: String { "Ed25519PrivateKey(public: \(publicKey.hex))" }

    /// Hides the seed from `dump` and debuggers' summaries.
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey.hex], displayStyle: .struct)
    }
}
