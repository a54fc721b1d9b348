/// Why text or bytes are not an Ed25519 key. The description says what a key looks like and what was
/// wrong, and never repeats the key material (a private key is a secret; a public key typed into the
/// wrong setting may be one too). The settings layer adds the setting's name.
public enum Ed25519KeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character other than `0-9`, `a-f`, `A-F`, or an odd number of them.
    case notHex(characterCount: Int)
    /// Hex, but not 32 bytes (64 hex digits); `byteCount` is how many bytes it spells.
    case wrongLength(byteCount: Int)
    /// 32 bytes that libcrypto refused to load as an Ed25519 key.
    case rejectedByLibrary
    /// 32 bytes that are no point of the curve (y ≥ p, or no x for this y).
    case notAPoint
    /// A point of small order (the all-zero key, the identity `01 00…00`, and six others): any
    /// signature scheme check against it can be forged.
    case smallOrder

    public var description: String {
        switch self {
        case .notHex(let count):
            "an Ed25519 key is 64 hex digits (0-9, a-f); this value has \(count) characters and is not that"
        case .wrongLength(let byteCount):
            "an Ed25519 key is 64 hex digits (32 bytes); this value has \(byteCount * 2)"
        case .rejectedByLibrary:
            "libcrypto could not load these 32 bytes as an Ed25519 key"
        case .notAPoint:
            "these 32 bytes are not an Ed25519 key (not a point of the curve), so no signature could be checked against them"
        case .smallOrder:
            "these 32 bytes are a weak Ed25519 key (a point of small order), against which signatures can be forged"
        }
    }
}
