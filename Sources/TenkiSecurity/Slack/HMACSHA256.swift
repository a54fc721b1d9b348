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

extension HMACSHA256 {
    /// A key with HMAC's two padded key blocks hashed once, ahead of time: each code then costs only
    /// the message's blocks plus one for the outer hash, with no allocation or algorithm look-up in
    /// OpenSSL (its one-shot `HMAC` fetched the algorithm and hashed both key blocks on every call,
    /// a fifth of a cached command's instructions). The message can be fed in pieces, so callers need not
    /// concatenate them first.
    public struct PreparedKey: @unchecked Sendable {
        // @unchecked: plain C structs of integers, copied (never shared) for each code.
        #if canImport(CCrypto)
        private var inner = SHA256_CTX()
        private var outer = SHA256_CTX()
        #elseif canImport(CryptoKit)
        private let key: SymmetricKey
        #endif

        public init(_ key: some Collection<UInt8>) {
            #if canImport(CCrypto)
            var block = [UInt8](repeating: 0, count: 64)
            if key.count > 64 {
                let digest = HMACSHA256.sha256(Array(key))
                block.replaceSubrange(0..<digest.count, with: digest)
            } else {
                block.replaceSubrange(0..<key.count, with: key)
            }
            SHA256_Init(&inner)
            SHA256_Init(&outer)
            let innerPad = block.map { $0 ^ 0x36 }, outerPad = block.map { $0 ^ 0x5C }
            innerPad.withUnsafeBytes { _ = SHA256_Update(&inner, $0.baseAddress, $0.count) }
            outerPad.withUnsafeBytes { _ = SHA256_Update(&outer, $0.baseAddress, $0.count) }
            #elseif canImport(CryptoKit)
            self.key = SymmetricKey(data: Array(key))
            #endif
        }

        /// The message as it is fed to a code, piece by piece.
        public struct Message {
            #if canImport(CCrypto)
            fileprivate var context: SHA256_CTX
            #elseif canImport(CryptoKit)
            fileprivate var hmac: HMAC<SHA256>
            #endif

            public mutating func append(_ bytes: some Collection<UInt8>) {
                if bytes.withContiguousStorageIfAvailable({ feed(UnsafeRawBufferPointer($0)) }) == nil {
                    Array(bytes).withUnsafeBytes { feed($0) }
                }
            }

            private mutating func feed(_ bytes: UnsafeRawBufferPointer) {
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                #if canImport(CCrypto)
                _ = SHA256_Update(&context, base, bytes.count)
                #elseif canImport(CryptoKit)
                hmac.update(data: bytes)
                #endif
            }
        }

        /// HMAC-SHA256 under this key of the bytes `build` appends, in order.
        public func authenticationCode(_ build: (inout Message) -> Void) -> [UInt8] {
            code(build).bytes
        }

        /// The same code as a value, without an allocation (a request's check needs no array).
        public func code(_ build: (inout Message) -> Void) -> Code {
            var output = Code()
            #if canImport(CCrypto)
            var message = Message(context: inner)
            build(&message)
            var outerContext = outer
            output.withUnsafeMutableBytes { digest in
                let digest = digest.baseAddress!.assumingMemoryBound(to: UInt8.self)
                _ = SHA256_Final(digest, &message.context)
                _ = SHA256_Update(&outerContext, digest, HMACSHA256.byteCount)
                _ = SHA256_Final(digest, &outerContext)
            }
            #elseif canImport(CryptoKit)
            var message = Message(hmac: HMAC<SHA256>(key: key))
            build(&message)
            let digest = Array(message.hmac.finalize())
            output.withUnsafeMutableBytes { $0.copyBytes(from: digest) }
            #endif
            return output
        }
    }

    /// A 32-byte code (or a received signature's bytes) stored inline: no allocation to make, copy
    /// or compare one.
    public struct Code: Sendable {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        public init() {}

        public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            Swift.withUnsafeBytes(of: words, body)
        }

        public mutating func withUnsafeMutableBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
            Swift.withUnsafeMutableBytes(of: &words, body)
        }

        public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

        /// Equal to `other`, taking the same time wherever they differ (see `constantTimeEquals`): the
        /// four words' differences are OR-ed together with no branch, then tested once (inline, where a
        /// call to `CRYPTO_memcmp` for 32 bytes cost more than the comparison).
        public func constantTimeEquals(_ other: Code) -> Bool {
            let difference =
                (words.0 ^ other.words.0) | (words.1 ^ other.words.1) | (words.2 ^ other.words.2) | (words.3 ^ other.words.3)
            return difference == 0
        }
    }

    #if canImport(CCrypto)
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: byteCount)
        bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { _ = SHA256(input.baseAddress, input.count, $0.baseAddress) }
        }
        return output
    }
    #endif
}
