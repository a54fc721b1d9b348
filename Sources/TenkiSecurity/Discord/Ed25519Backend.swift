#if canImport(CCrypto)
import CCrypto
#elseif canImport(CryptoKit)
import CryptoKit
#endif

/// Ed25519 (RFC 8032, PureEdDSA) from the system's crypto library: OpenSSL's libcrypto through EVP on
/// Linux, CryptoKit on Apple platforms. `Ed25519PublicKey` and `Ed25519PrivateKey` are the public face;
/// this is the only file that calls the library.
enum Ed25519Backend {
    static let keyByteCount = 32
    static let signatureByteCount = 64

    #if canImport(CCrypto)
    /// An `EVP_PKEY`, freed with its last reference. Read-only after `init`: OpenSSL allows one key
    /// to be used by several threads at once as long as nobody modifies it (openssl-threads(7)); each
    /// operation gets its own `EVP_MD_CTX`.
    final class Key: @unchecked Sendable {
        private let pointer: OpaquePointer

        /// The public key from its 32 raw bytes, or nil if libcrypto refuses them.
        convenience init?(publicBytes: [UInt8]) {
            self.init(publicBytes, loadedBy: EVP_PKEY_new_raw_public_key)
        }

        /// The private key from its 32-byte seed, or nil if libcrypto refuses it.
        convenience init?(seed: [UInt8]) {
            self.init(seed, loadedBy: EVP_PKEY_new_raw_private_key)
        }

        /// A key from its 32 bytes through `load` (`EVP_PKEY_new_raw_public_key` or
        /// `EVP_PKEY_new_raw_private_key`), or nil if libcrypto refuses them.
        private init?(
            _ bytes: [UInt8], loadedBy load: (Int32, OpaquePointer?, UnsafePointer<UInt8>?, Int) -> OpaquePointer?
        ) {
            guard bytes.count == keyByteCount else { return nil }
            guard let pointer = load(EVP_PKEY_ED25519, nil, bytes, keyByteCount) else {
                ERR_clear_error()
                return nil
            }
            self.pointer = pointer
        }

        deinit { EVP_PKEY_free(pointer) }

        /// The 32-byte public key (of a private key too: libcrypto derives it from the seed).
        var publicBytes: [UInt8] {
            var bytes = [UInt8](repeating: 0, count: keyByteCount)
            var length = keyByteCount
            let copied = EVP_PKEY_get_raw_public_key(pointer, &bytes, &length)
            precondition(copied == 1 && length == keyByteCount, "libcrypto lost an Ed25519 key's public half")
            return bytes
        }

        /// Whether `signature` is this key's signature of `message`. The one-shot `EVP_DigestVerify` is the
        /// only form Ed25519 has (it hashes the message twice), so the message is passed whole.
        func isValidSignature(_ signature: UnsafeBufferPointer<UInt8>, for message: UnsafeBufferPointer<UInt8>) -> Bool {
            guard signature.count == signatureByteCount, let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            let valid = withAddress(of: message) { messageAddress in
                EVP_DigestVerifyInit(context, nil, nil, nil, pointer) == 1
                    && EVP_DigestVerify(context, signature.baseAddress, signature.count, messageAddress, message.count) == 1
            }
            // A forged signature leaves a reason on this thread's error queue; nobody reads it, and it must
            // not surface later as the cause of someone else's failure.
            if !valid { ERR_clear_error() }
            return valid
        }

        /// This private key's signature of `message` (deterministic, as RFC 8032 specifies).
        func signature(for message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            var signature = [UInt8](repeating: 0, count: signatureByteCount)
            var length = signatureByteCount
            // Fails only without memory or without Ed25519 in libcrypto; a wrong signature would be worse.
            guard let context = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a context") }
            defer { EVP_MD_CTX_free(context) }
            let signed = withAddress(of: message) { messageAddress in
                EVP_DigestSignInit(context, nil, nil, nil, pointer) == 1
                    && EVP_DigestSign(context, &signature, &length, messageAddress, message.count) == 1
            }
            precondition(signed && length == signatureByteCount, "libcrypto could not sign with Ed25519")
            return signature
        }

        /// The buffer's address, or a valid one for an empty buffer (which may have none): libcrypto wants
        /// a real pointer even for zero bytes.
        private func withAddress<Result>(
            of buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<UInt8>) -> Result
        ) -> Result {
            if let base = buffer.baseAddress { return body(base) }
            let nothing: UInt8 = 0
            return withUnsafePointer(to: nothing, body)
        }
    }

    #elseif canImport(CryptoKit)
    /// CryptoKit's keys. Its signatures are randomized (still valid Ed25519, but not RFC 8032's bytes).
    final class Key: Sendable {
        private let publicKey: Curve25519.Signing.PublicKey
        private let privateKey: Curve25519.Signing.PrivateKey?

        init?(publicBytes: [UInt8]) {
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicBytes) else { return nil }
            self.publicKey = key
            self.privateKey = nil
        }

        init?(seed: [UInt8]) {
            guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else { return nil }
            self.publicKey = key.publicKey
            self.privateKey = key
        }

        var publicBytes: [UInt8] { Array(publicKey.rawRepresentation) }

        func isValidSignature(_ signature: UnsafeBufferPointer<UInt8>, for message: UnsafeBufferPointer<UInt8>) -> Bool {
            signature.count == signatureByteCount
                && publicKey.isValidSignature(Array(signature), for: Array(message))
        }

        func signature(for message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            guard let privateKey, let signature = try? privateKey.signature(for: Array(message)) else {
                preconditionFailure("CryptoKit could not sign with Ed25519")
            }
            return Array(signature)
        }
    }
    #else
    #error("Ed25519 needs OpenSSL's libcrypto (CCrypto) or CryptoKit")
    #endif
}
