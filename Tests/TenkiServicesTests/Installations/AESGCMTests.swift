import Testing

@testable import TenkiSecurity

/// The primitive against published vectors: McGrew and Viega, "The Galois/Counter Mode of
/// Operation (GCM)", test cases 13–16 (the AES-256 ones; also in NIST's GCM validation set).
@Suite("AES-256-GCM")
struct AESGCMTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let nonce: String
        let plaintext: String
        let associatedData: String
        let ciphertext: String
        let tag: String

        var testDescription: String { name }
    }

    static let key15 = "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"
    static let plaintext15 =
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
    static let ciphertext15 =
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
        + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"

    static let vectors: [Vector] = [
        Vector(
            name: "test case 13: empty", key: String(repeating: "0", count: 64), nonce: String(repeating: "0", count: 24),
            plaintext: "", associatedData: "", ciphertext: "", tag: "530f8afbc74536b9a963b4f1c4cb738b"),
        Vector(
            name: "test case 14: one zero block", key: String(repeating: "0", count: 64),
            nonce: String(repeating: "0", count: 24),
            plaintext: String(repeating: "0", count: 32), associatedData: "", ciphertext: "cea7403d4d606b6e074ec5d3baf39d18",
            tag: "d0d1c8a799996bf0265b98b5d48ab919"),
        Vector(
            name: "test case 15: four blocks", key: key15, nonce: "cafebabefacedbaddecaf888", plaintext: plaintext15,
            associatedData: "", ciphertext: ciphertext15, tag: "b094dac5d93471bdec1a502270e3cc6c"),
        Vector(
            name: "test case 16: partial block, associated data", key: key15, nonce: "cafebabefacedbaddecaf888",
            plaintext: String(plaintext15.dropLast(8)), associatedData: "feedfacedeadbeeffeedfacedeadbeefabaddad2",
            ciphertext: String(ciphertext15.dropLast(8)), tag: "76fc6ece0f4e1768cddf8853bb2d551b"),
    ]

    static func bytes(_ hex: String) -> [UInt8] { HexBytes.decode(hex)! }

    @Test("seal gives the published ciphertext and tag; open gives the plaintext back", arguments: vectors)
    func publishedVector(_ vector: Vector) {
        let (key, nonce, aad) = (Self.bytes(vector.key), Self.bytes(vector.nonce), Self.bytes(vector.associatedData))
        let sealed = AESGCM.seal(Self.bytes(vector.plaintext), key: key, nonce: nonce, associatedData: aad)
        #expect(HexBytes.encode(sealed.ciphertext) == vector.ciphertext)
        #expect(HexBytes.encode(sealed.tag) == vector.tag)
        let opened = AESGCM.open(
            Self.bytes(vector.ciphertext), tag: Self.bytes(vector.tag), key: key, nonce: nonce, associatedData: aad)
        #expect(opened.map { HexBytes.encode($0) } == vector.plaintext)
    }

    @Test("open refuses a changed bit anywhere, other associated data, another key or nonce", arguments: vectors)
    func refusals(_ vector: Vector) {
        let (key, nonce, aad) = (Self.bytes(vector.key), Self.bytes(vector.nonce), Self.bytes(vector.associatedData))
        let (ciphertext, tag) = (Self.bytes(vector.ciphertext), Self.bytes(vector.tag))
        func opens(_ ciphertext: [UInt8], _ tag: [UInt8], _ key: [UInt8], _ nonce: [UInt8], _ aad: [UInt8]) -> Bool {
            AESGCM.open(ciphertext, tag: tag, key: key, nonce: nonce, associatedData: aad) != nil
        }
        func flipped(_ bytes: [UInt8], at index: Int) -> [UInt8] {
            var copy = bytes
            copy[index] ^= 0x01
            return copy
        }
        #expect(opens(ciphertext, tag, key, nonce, aad))
        for index in ciphertext.indices { #expect(!opens(flipped(ciphertext, at: index), tag, key, nonce, aad)) }
        for index in tag.indices { #expect(!opens(ciphertext, flipped(tag, at: index), key, nonce, aad)) }
        #expect(!opens(ciphertext, tag, flipped(key, at: 31), nonce, aad))
        #expect(!opens(ciphertext, tag, key, flipped(nonce, at: 0), aad))
        #expect(!opens(ciphertext, tag, key, nonce, aad + [0]))
        #expect(!opens(ciphertext, Array(tag.prefix(15)), key, nonce, aad), "a short tag is refused, not truncated-checked")
    }
}
