/// An Ed25519 public key (RFC 8032) that checks signatures: Discord signs each interaction request with
/// its application's key, whose public half is `DISCORD_PUBLIC_KEY`.
///
/// The key is loaded into the crypto library once, here; a check then costs one library call and no
/// parsing. Verification is the library's (libcrypto's `EVP_DigestVerify` on Linux): it compares the
/// recomputed point with `CRYPTO_memcmp`, so its timing does not depend on how close a forgery came.
public struct Ed25519PublicKey: Sendable, Equatable, CustomStringConvertible {
    /// A public key is 32 bytes (64 hex digits).
    public static let byteCount = Ed25519Backend.keyByteCount
    /// A signature is 64 bytes (128 hex digits).
    public static let signatureByteCount = Ed25519Backend.signatureByteCount

    /// The key's 32 bytes, as RFC 8032 encodes them.
    public let rawBytes: [UInt8]
    private let key: Ed25519Backend.Key

    /// A key from its 64 hex digits (either case), as Discord's Developer Portal shows it. No spaces,
    /// `0x` or line breaks: whoever reads the setting trims it first.
    public init(hex: String) throws(Ed25519KeyError) {
        guard let bytes = HexBytes.decode(hex) else { throw .notHex(characterCount: hex.count) }
        try self.init(rawBytes: bytes)
    }

    /// A key from its 32 raw bytes: a point of the curve, and not one of small order (libcrypto
    /// checks neither, and either lets forged signatures pass).
    public init(rawBytes: some Collection<UInt8>) throws(Ed25519KeyError) {
        let bytes = Array(rawBytes)
        guard bytes.count == Self.byteCount else { throw .wrongLength(byteCount: bytes.count) }
        switch Ed25519PointCheck.check(bytes) {
        case .valid: break
        case .notAPoint: throw .notAPoint
        case .smallOrder: throw .smallOrder
        }
        guard let key = Ed25519Backend.Key(publicBytes: bytes) else { throw .rejectedByLibrary }
        self.rawBytes = bytes
        self.key = key
    }

    init(rawBytes: [UInt8], key: Ed25519Backend.Key) {
        self.rawBytes = rawBytes
        self.key = key
    }

    /// Whether `signature` (64 bytes) is this key's signature of exactly `message`. Any other length, a
    /// signature by another key, or a single changed bit in either is `false`; nothing throws or traps.
    public func isValidSignature(_ signature: some Collection<UInt8>, for message: some Collection<UInt8>) -> Bool {
        Self.withContiguousBytes(of: signature) { signature in
            Self.withContiguousBytes(of: message) { message in key.isValidSignature(signature, for: message) }
        }
    }

    /// The key in lowercase hex, as `init(hex:)` reads it. A public key is not a secret.
    public var hex: String { HexBytes.encode(rawBytes) }

    public var description: String { "Ed25519PublicKey(\(hex))" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawBytes == rhs.rawBytes }

    /// The bytes without a copy when the collection already stores them contiguously (arrays, slices).
    static func withContiguousBytes<Result>(
        of bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }
}
