import Foundation

/// Seals secrets (the installations' Slack tokens) for storage, with AES-256-GCM under
/// `TENKI_ENCRYPTION_KEY` and the installation key (the enterprise id of an org-wide install,
/// else the team id) as associated data: a sealed token opens only for the installation it was
/// sealed for, so copying one row's token into another's fails instead of posting as the wrong
/// workspace.
///
/// The stored form (`SealedToken.text`) is base64 of, in order:
///
///     version (1 byte, 0x01) | key id (4 bytes) | nonce (12 bytes) | ciphertext | tag (16 bytes)
///
/// A fresh random nonce per seal; the key id (`EncryptionKey.id`) says which key of `NEW,OLD`
/// sealed it. What was sealed under the previous key opens, and says so (`needsResealing`), so
/// the store seals it again under the current key.
public struct TokenSealer: Sendable {
    static let version: UInt8 = 1
    /// Version, key id, nonce, tag: a sealed empty text.
    static let overhead = 1 + 4 + AESGCM.nonceByteCount + AESGCM.tagByteCount

    public let keys: EncryptionKeys
    private let nonce: @Sendable () -> [UInt8]

    /// `nonce` is for tests that need fixed bytes; the default draws 12 from the system's CSPRNG
    /// (`SystemRandomNumberGenerator`: getrandom on Linux).
    public init(keys: EncryptionKeys, nonce: (@Sendable () -> [UInt8])? = nil) {
        self.keys = keys
        self.nonce =
            nonce ?? {
                var generator = SystemRandomNumberGenerator()
                return (0..<AESGCM.nonceByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            }
    }

    /// `secret` sealed under the current key for `installationKey`.
    public func seal(_ secret: String, installationKey: String) -> SealedToken {
        let nonce = self.nonce()
        let (ciphertext, tag) = AESGCM.seal(
            Array(secret.utf8), key: keys.current.bytes, nonce: nonce, associatedData: Array(installationKey.utf8))
        let bytes = [Self.version] + keys.current.id + nonce + ciphertext + tag
        return SealedToken(text: Data(bytes).base64EncodedString())
    }

    /// The secret `sealed` holds, if it was sealed for `installationKey` under one of the keys.
    public func open(_ sealed: SealedToken, installationKey: String) throws(TokenSealingError) -> OpenedToken {
        guard let data = Data(base64Encoded: sealed.text) else { throw .notEncoded }
        let bytes = Array(data)
        guard let version = bytes.first else { throw .truncated }
        guard version == Self.version else { throw .unknownVersion(Int(version)) }
        guard bytes.count >= Self.overhead else { throw .truncated }
        let keyID = Array(bytes[1..<5])
        let key: EncryptionKey
        if keyID == keys.current.id {
            key = keys.current
        } else if let previous = keys.previous, keyID == previous.id {
            key = previous
        } else {
            throw .unknownKey
        }
        let nonce = Array(bytes[5..<(5 + AESGCM.nonceByteCount)])
        let ciphertext = Array(bytes[(5 + AESGCM.nonceByteCount)..<(bytes.count - AESGCM.tagByteCount)])
        let tag = Array(bytes.suffix(AESGCM.tagByteCount))
        guard
            let plaintext = AESGCM.open(
                ciphertext, tag: tag, key: key.bytes, nonce: nonce, associatedData: Array(installationKey.utf8))
        else { throw .notAuthentic }
        guard let secret = String(validating: plaintext, as: UTF8.self) else { throw .notAuthentic }
        return OpenedToken(value: secret, needsResealing: key != keys.current)
    }
}

/// A sealed secret as stored: text (base64), so it fits a TEXT column on both databases and a
/// look at the table shows nothing but base64.
public struct SealedToken: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String { "SealedToken(\(text.count) characters)" }
}

/// What `TokenSealer.open` gives back.
public struct OpenedToken: Sendable, CustomStringConvertible {
    /// The secret; never log it.
    public let value: String
    /// Sealed under the previous key: seal it again under the current one and store that.
    public let needsResealing: Bool

    public var description: String { "OpenedToken(redacted, needsResealing: \(needsResealing))" }
}

/// Why a sealed token did not open. Never holds any part of the token, sealed or not.
public enum TokenSealingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not base64.
    case notEncoded
    /// Shorter than the smallest sealed text.
    case truncated
    /// Written by a newer format this build does not know.
    case unknownVersion(Int)
    /// Sealed under a key that is neither of `TENKI_ENCRYPTION_KEY`'s (a wrong or retired key).
    case unknownKey
    /// The tag does not match: changed since it was sealed, or sealed for another installation.
    case notAuthentic

    public var description: String {
        switch self {
        case .notEncoded: "the sealed token is not base64"
        case .truncated: "the sealed token is truncated"
        case .unknownVersion(let version): "the sealed token has format version \(version), which this build does not know"
        case .unknownKey: "the sealed token was sealed under neither configured encryption key (a wrong or retired key)"
        case .notAuthentic: "the sealed token does not authenticate (changed, or sealed for another installation)"
        }
    }
}
