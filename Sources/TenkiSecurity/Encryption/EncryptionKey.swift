import Foundation
import TenkiCore

/// One 32-byte AES-256 key of `TENKI_ENCRYPTION_KEY`, written as base64 (standard or URL-safe,
/// padding optional) or as 64 hex digits. Its description hides the bytes, so printing a
/// configuration or an error that holds one reveals nothing.
public struct EncryptionKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The key itself; read only by `TokenSealer`.
    let bytes: [UInt8]
    /// Names the key in a sealed token (the first 4 bytes of HMAC-SHA256 under the key of a fixed
    /// label), so opening picks the right key of two without trying both. Says nothing about the key.
    let id: [UInt8]

    /// A key from its raw bytes (32 of them).
    public init?(bytes: [UInt8]) {
        guard bytes.count == AESGCM.keyByteCount else { return nil }
        self.bytes = bytes
        self.id = Array(HMACSHA256.authenticationCode(key: bytes, message: Array("tenki encryption key id".utf8)).prefix(4))
    }

    /// A key from its text: 64 hex digits, or base64 of 32 bytes. Throws a problem that never
    /// quotes the text.
    public init(parsing text: String) throws(EncryptionKeyProblem) {
        let text = text.trimmingWhitespace()
        guard !text.isEmpty else { throw .empty }
        let decoded: [UInt8]?
        // Even-length hex is read as hex whatever its length, so a short hex key is reported as
        // short; a base64 key of 32 bytes is 43 characters, or 44 ending in `=`, so never that.
        if text.count % 2 == 0, let hex = HexBytes.decode(text) {
            decoded = hex
        } else {
            decoded = Self.base64(text)
        }
        guard let decoded else { throw .notEncoded }
        guard let key = EncryptionKey(bytes: decoded) else { throw .wrongLength(decoded.count) }
        self = key
    }

    /// Standard or URL-safe base64, with or without padding; nil for anything else.
    private static func base64(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if standard.count % 4 != 0 { standard += String(repeating: "=", count: 4 - standard.count % 4) }
        return Data(base64Encoded: standard).map { Array($0) }
    }

    public var description: String { "EncryptionKey(redacted)" }
    public var debugDescription: String { description }
}

/// Why a key's text was refused. Never holds the text or any part of it.
public enum EncryptionKeyProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    /// Neither 64 hex digits nor base64.
    case notEncoded
    /// Decoded, but to this many bytes instead of 32.
    case wrongLength(Int)
    /// More keys than `NEW,OLD`.
    case tooManyKeys(Int)

    public var description: String {
        switch self {
        case .empty: "is empty"
        case .notEncoded: "is neither base64 nor 64 hex digits"
        case .wrongLength(let count): "decodes to \(count) bytes, not the 32 of an AES-256 key"
        case .tooManyKeys(let count): "holds \(count) keys; at most two, NEW,OLD"
        }
    }
}

/// The keys of `TENKI_ENCRYPTION_KEY`: the one everything is sealed with, and while rotating
/// (`NEW,OLD`) the one it replaces, which is still read.
public struct EncryptionKeys: Sendable, Equatable, CustomStringConvertible {
    public let current: EncryptionKey
    public let previous: EncryptionKey?

    public init(current: EncryptionKey, previous: EncryptionKey? = nil) {
        self.current = current
        self.previous = previous
    }

    /// `KEY` or `NEW,OLD`. A problem in the second key names it (`key 2 …`).
    public init(parsing text: String) throws(EncryptionKeysProblem) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { throw EncryptionKeysProblem(position: nil, problem: .tooManyKeys(parts.count)) }
        var keys: [EncryptionKey] = []
        for (index, part) in parts.enumerated() {
            do {
                keys.append(try EncryptionKey(parsing: part))
            } catch {
                throw EncryptionKeysProblem(position: parts.count > 1 ? index + 1 : nil, problem: error)
            }
        }
        self.init(current: keys[0], previous: keys.count > 1 ? keys[1] : nil)
    }

    public var description: String { previous == nil ? "EncryptionKeys(1 key, redacted)" : "EncryptionKeys(2 keys, redacted)" }
}

/// What was wrong with `TENKI_ENCRYPTION_KEY`'s text, and in which key of `NEW,OLD`.
public struct EncryptionKeysProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1 for NEW, 2 for OLD; nil for a single key or the list as a whole.
    public var position: Int?
    public var problem: EncryptionKeyProblem

    public var description: String {
        switch position {
        case 1?: "key 1 (NEW) \(problem)"
        case 2?: "key 2 (OLD) \(problem)"
        default: "\(problem)"
        }
    }
}
