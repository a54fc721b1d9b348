#if canImport(CCrypto)
import CCrypto
#elseif canImport(CryptoKit)
import CryptoKit
import Foundation  // Data, which CryptoKit's sealed boxes hold
#endif

/// AES-256-GCM (NIST SP 800-38D) from the system's crypto library: OpenSSL's libcrypto through EVP on
/// Linux, CryptoKit on Apple platforms. This is the only file that calls the library for it;
/// `TokenSealer` builds the stored format on top.
///
/// The key is 32 bytes, the nonce 12 (GCM's native size: never reuse one under the same key), the
/// tag 16. `open` checks the tag before it returns anything: a wrong key, a wrong `associatedData`
/// or one changed bit gives nil, never a partly decrypted text.
enum AESGCM {
    static let keyByteCount = 32
    static let nonceByteCount = 12
    static let tagByteCount = 16

    /// The ciphertext (as long as `plaintext`) and the tag over it and `associatedData`.
    static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]
    ) -> (ciphertext: [UInt8], tag: [UInt8]) {
        precondition(key.count == keyByteCount && nonce.count == nonceByteCount, "AES-256-GCM takes a 32-byte key, 12-byte nonce")
        #if canImport(CCrypto)
        var tag = [UInt8](repeating: 0, count: tagByteCount)
        let sealed = run(
            plaintext, EVP_EncryptInit_ex, EVP_EncryptUpdate, key: key, nonce: nonce, associatedData: associatedData
        ) { context, end, finalLength in
            EVP_EncryptFinal_ex(context, end, &finalLength) == 1
                && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagByteCount), &tag) == 1
        }
        // Fails only without memory or without AES-GCM in libcrypto; storing a token unsealed would be worse.
        guard let sealed, sealed.count == plaintext.count else {
            preconditionFailure("libcrypto could not seal with AES-256-GCM")
        }
        return (sealed, tag)
        #elseif canImport(CryptoKit)
        guard
            let box = try? AES.GCM.seal(
                plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce), authenticating: associatedData)
        else { preconditionFailure("CryptoKit could not seal with AES-256-GCM") }
        return (Array(box.ciphertext), Array(box.tag))
        #endif
    }

    /// The plaintext, or nil when the tag does not match (wrong key, wrong associated data,
    /// anything changed).
    static func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]
    ) -> [UInt8]? {
        guard key.count == keyByteCount, nonce.count == nonceByteCount, tag.count == tagByteCount else { return nil }
        #if canImport(CCrypto)
        var tag = tag
        let opened = run(
            ciphertext, EVP_DecryptInit_ex, EVP_DecryptUpdate, key: key, nonce: nonce, associatedData: associatedData
        ) { context, end, finalLength in
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagByteCount), &tag) == 1
                // The tag is checked here: 1 only when it matches.
                && EVP_DecryptFinal_ex(context, end, &finalLength) == 1
        }
        guard let opened else {
            // A forged or foreign text leaves a reason on this thread's error queue; nobody reads it.
            ERR_clear_error()
            return nil
        }
        return opened
        #elseif canImport(CryptoKit)
        guard let nonce = try? AES.GCM.Nonce(data: nonce),
            let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: ciphertext, tag: tag),
            let plaintext = try? AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: associatedData)
        else { return nil }
        return Array(plaintext)
        #endif
    }

    #if canImport(CCrypto)
    typealias Initialize = (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) -> Int32
    typealias Update = (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32)
        -> Int32

    /// One pass of AES-256-GCM, the same for sealing and opening: a fresh context set up by `start`,
    /// `input` through `update`, then `finish(context, end of the output so far, &final length)` for
    /// the final call and the tag, in the order the direction needs. The output, or nil when a step failed.
    private static func run(
        _ input: [UInt8], _ initialize: Initialize, _ update: Update, key: [UInt8], nonce: [UInt8], associatedData: [UInt8],
        finish: (OpaquePointer, UnsafeMutablePointer<UInt8>, inout Int32) -> Bool
    ) -> [UInt8]? {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: input.count + tagByteCount)
        var length: Int32 = 0, finalLength: Int32 = 0
        let done =
            start(context, initialize, update, key: key, nonce: nonce, associatedData: associatedData)
            && output.withUnsafeMutableBufferPointer { buffer in
                withAddress(of: input) { bytes in
                    update(context, buffer.baseAddress, &length, bytes, Int32(input.count)) == 1
                        && finish(context, buffer.baseAddress! + Int(length), &finalLength)
                }
            }
        return done ? Array(output.prefix(Int(length + finalLength))) : nil
    }

    /// Sets `context` up for AES-256-GCM with `key` and `nonce` and feeds it `associatedData`: the same
    /// steps for sealing and opening, given the encrypting or decrypting pair of libcrypto functions.
    private static func start(
        _ context: OpaquePointer, _ initialize: Initialize, _ update: Update,
        key: [UInt8], nonce: [UInt8], associatedData: [UInt8]
    ) -> Bool {
        initialize(context, EVP_aes_256_gcm(), nil, nil, nil) == 1
            && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceByteCount), nil) == 1
            && initialize(context, nil, nil, key, nonce) == 1
            && Self.update(context, update, input: associatedData, output: nil)
    }

    /// Feeds `input` as associated data (`output` nil), which GCM authenticates without encrypting.
    private static func update(
        _ context: OpaquePointer, _ function: Update,
        input: [UInt8], output: UnsafeMutablePointer<UInt8>?
    ) -> Bool {
        guard !input.isEmpty else { return true }
        var length: Int32 = 0
        return function(context, output, &length, input, Int32(input.count)) == 1
    }

    /// The array's address, or a valid one for an empty array: libcrypto wants a real pointer even for zero bytes.
    private static func withAddress<Result>(of bytes: [UInt8], _ body: (UnsafePointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { return body(base) }
            let nothing: UInt8 = 0
            return withUnsafePointer(to: nothing, body)
        }
    }
    #endif
}
