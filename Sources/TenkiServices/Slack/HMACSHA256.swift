#if canImport(CCrypto)
import CCrypto
#elseif canImport(CryptoKit)
import CryptoKit
import Foundation  // DataProtocol, which CryptoKit hashes
#endif

/// HMAC-SHA256 and a constant-time comparison: the two primitives Slack's request signatures need.
///
/// OpenSSL's libcrypto on Linux (the toolchain has no crypto of its own there), CryptoKit on Apple
/// platforms; both are system libraries, so Tenki stays free of package dependencies.
public enum HMACSHA256 {
    /// The length of an authentication code in bytes.
    public static let byteCount = 32

    /// HMAC-SHA256 of `message` under `key` (RFC 2104). Keys of any length are allowed; longer than the
    /// 64-byte block they are hashed first, as the RFC says.
    public static func authenticationCode(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        withContiguousBytes(of: key) { key in
            withContiguousBytes(of: message) { message in code(key: key, message: message) }
        }
    }

    /// Whether two byte strings are equal, taking the same time wherever they differ, so that a forger
    /// cannot learn a valid code one byte at a time. Lengths are public (a code is always 32 bytes) and
    /// are compared first.
    public static func constantTimeEquals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return withContiguousBytes(of: lhs) { a in
            withContiguousBytes(of: rhs) { b in
                #if canImport(CCrypto)
                guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return true }  // both empty
                return CRYPTO_memcmp(aBase, bBase, a.count) == 0
                #else
                var difference: UInt8 = 0
                for index in a.indices { difference |= a[index] ^ b[index] }
                return difference == 0
                #endif
            }
        }
    }

    /// The bytes without a copy when the collection already stores them contiguously (arrays, slices).
    private static func withContiguousBytes<Result>(
        of bytes: some Collection<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }

    #if canImport(CCrypto)
    private static func code(key: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // An empty buffer may have no address; OpenSSL wants real pointers even for zero lengths.
        let nothing: UInt8 = 0
        var output = [UInt8](repeating: 0, count: byteCount)
        var outputLength: UInt32 = 0
        let produced = withUnsafePointer(to: nothing) { placeholder in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                HMAC(
                    EVP_sha256(),
                    key.baseAddress ?? placeholder, Int32(clamping: key.count),
                    message.baseAddress ?? placeholder, message.count,
                    outputBuffer.baseAddress, &outputLength
                ) != nil
            }
        }
        // Fails only if OpenSSL cannot allocate or lost SHA-256: nothing a caller could recover from, and
        // returning a wrong code would make every request look forged, so stop loudly instead.
        precondition(produced && outputLength == UInt32(byteCount), "OpenSSL HMAC-SHA256 failed")
        return output
    }
    #elseif canImport(CryptoKit)
    private static func code(key: UnsafeBufferPointer<UInt8>, message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: UnsafeRawBufferPointer(message), using: SymmetricKey(data: Array(key))))
    }
    #else
    #error("HMAC-SHA256 needs OpenSSL's libcrypto (CCrypto) or CryptoKit")
    #endif
}
