import Foundation
import Testing

@testable import TenkiSecurity

@Suite("Ed25519PublicKey")
struct Ed25519PublicKeyTests {
    /// One of RFC 8032's section 7.1 test vectors, all hex.
    struct Vector: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var secretKey: String
        var publicKey: String
        var message: String
        var signature: String

        enum CodingKeys: String, CodingKey {
            case name
            case secretKey = "secret_key"
            case publicKey = "public_key"
            case message, signature
        }

        var testDescription: String { name }
        var messageBytes: [UInt8] { HexBytes.decode(message) ?? [] }
        var signatureBytes: [UInt8] { HexBytes.decode(signature) ?? [] }
        func key() throws -> Ed25519PublicKey { try Ed25519PublicKey(hex: publicKey) }
    }

    struct VectorFile: Decodable { var vectors: [Vector] }

    static let vectors: [Vector] = {
        do {
            let data = Data(try Fixtures.bytes("ed25519_rfc8032_section_7_1_test_vectors.json"))
            return try JSONDecoder().decode(VectorFile.self, from: data).vectors
        } catch {
            fatalError("cannot load ed25519_rfc8032_section_7_1_test_vectors.json: \(error)")
        }
    }()

    @Test func allFiveVectorsAreThere() {
        #expect(Self.vectors.map(\.name) == ["TEST 1", "TEST 2", "TEST 3", "TEST 1024", "TEST SHA(abc)"])
        #expect(Self.vectors.map(\.messageBytes.count) == [0, 1, 2, 1023, 64])
        #expect(Self.vectors.allSatisfy { $0.signatureBytes.count == 64 })
    }

    @Test(arguments: vectors)
    func vectorVerifies(vector: Vector) throws {
        let key = try vector.key()
        #expect(key.rawBytes == HexBytes.decode(vector.publicKey))
        #expect(key.isValidSignature(vector.signatureBytes, for: vector.messageBytes))
        // Slices and other collections are read in place or copied, with the same answer.
        #expect(key.isValidSignature(vector.signatureBytes[...], for: vector.messageBytes[...]))
        #expect(key.isValidSignature(vector.signatureBytes.lazy.map { $0 }, for: vector.messageBytes.lazy.map { $0 }))
    }

    #if os(Linux)
    /// libcrypto signs deterministically, so RFC 8032's bytes come back exactly (CryptoKit randomizes).
    @Test(arguments: vectors)
    func vectorSignsToTheSameBytes(vector: Vector) throws {
        let privateKey = try Ed25519PrivateKey(seedHex: vector.secretKey)
        #expect(privateKey.publicKey.hex == vector.publicKey)
        #expect(HexBytes.encode(privateKey.signature(for: vector.messageBytes)) == vector.signature)
    }
    #endif

    /// Every bit of the signature matters: each of its 512 bits flipped alone is refused.
    @Test(arguments: vectors)
    func everyFlippedSignatureBitFails(vector: Vector) throws {
        let key = try vector.key()
        var accepted: [Int] = []
        for bit in 0..<(64 * 8) {
            var signature = vector.signatureBytes
            signature[bit / 8] ^= 1 << (bit % 8)
            if key.isValidSignature(signature, for: vector.messageBytes) { accepted.append(bit) }
        }
        #expect(accepted == [])
    }

    @Test(arguments: vectors)
    func alteredMessageFails(vector: Vector) throws {
        let key = try vector.key()
        let message = vector.messageBytes
        #expect(!key.isValidSignature(vector.signatureBytes, for: message + [0]))
        if !message.isEmpty {
            for index in Set([0, message.count / 2, message.count - 1]) {
                var altered = message
                altered[index] ^= 0x01
                #expect(!key.isValidSignature(vector.signatureBytes, for: altered))
            }
            #expect(!key.isValidSignature(vector.signatureBytes, for: message.dropLast()))
        }
    }

    @Test(arguments: vectors)
    func anotherKeyFails(vector: Vector) throws {
        for other in Self.vectors where other.name != vector.name {
            #expect(!(try other.key()).isValidSignature(vector.signatureBytes, for: vector.messageBytes))
        }
        var flippedKey = try #require(HexBytes.decode(vector.publicKey))
        flippedKey[0] ^= 0x01
        // A flipped key bit may not even be a point on the curve: either way, nothing verifies.
        if let key = try? Ed25519PublicKey(rawBytes: flippedKey) {
            #expect(!key.isValidSignature(vector.signatureBytes, for: vector.messageBytes))
        }
    }

    @Test func wrongSignatureLengthsFail() throws {
        let vector = Self.vectors[1]
        let key = try vector.key()
        let signature = vector.signatureBytes
        for candidate in [[], Array(signature.dropLast()), signature + [0], signature + signature] {
            #expect(!key.isValidSignature(candidate, for: vector.messageBytes))
        }
    }

    @Test func hexInEitherCaseParses() throws {
        let vector = Self.vectors[0]
        #expect(try Ed25519PublicKey(hex: vector.publicKey.uppercased()) == vector.key())
        #expect(try vector.key().hex == vector.publicKey)
        #expect(try vector.key().description == "Ed25519PublicKey(\(vector.publicKey))")
    }

    static let badKeys: [(text: String, error: Ed25519KeyError)] = {
        let digits: String = String(repeating: "a", count: 64)
        var cases: [(text: String, error: Ed25519KeyError)] = []
        cases.append(("", .wrongLength(byteCount: 0)))
        cases.append(("00", .wrongLength(byteCount: 1)))
        cases.append((String(repeating: "ab", count: 31), .wrongLength(byteCount: 31)))
        cases.append((String(repeating: "ab", count: 33), .wrongLength(byteCount: 33)))
        cases.append((String(repeating: "ab", count: 64), .wrongLength(byteCount: 64)))
        cases.append((String(digits.dropLast()), .notHex(characterCount: 63)))
        cases.append((String(repeating: "g", count: 64), .notHex(characterCount: 64)))
        cases.append(("0x" + digits.dropLast(2), .notHex(characterCount: 64)))
        cases.append((" " + digits, .notHex(characterCount: 65)))
        cases.append((digits + "\n", .notHex(characterCount: 65)))
        cases.append((String(repeating: "é", count: 32), .notHex(characterCount: 32)))
        return cases
    }()

    @Test(arguments: badKeys)
    func badKeysAreTypedErrors(text: String, error: Ed25519KeyError) {
        #expect(throws: error) { try Ed25519PublicKey(hex: text) }
    }

    /// Issue 40, item 6: every encoding of a point of small order (RFC 8032's canonical ones,
    /// and the sign-bit twins of y = 0 and the order-8 points), which libcrypto loads and against
    /// which R = identity, S = 0 verifies for many messages.
    static let smallOrderKeys: [String] = [
        String(repeating: "00", count: 32),  // y = 0, order 4
        String(repeating: "00", count: 31) + "80",  // y = 0, x negative, order 4
        "01" + String(repeating: "00", count: 31),  // the identity
        "ec" + String(repeating: "ff", count: 30) + "7f",  // y = −1, order 2
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",  // order 8
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    ]

    @Test("points of small order are refused", arguments: smallOrderKeys)
    func smallOrderRefused(hex: String) {
        #expect(throws: Ed25519KeyError.smallOrder) { try Ed25519PublicKey(hex: hex) }
    }

    /// Not points: y ≥ p (all-ff; p itself; p + 1), x = 0 with the sign bit set (the identity's
    /// twin), and y = 2, for which no x exists.
    static let nonPoints: [String] = [
        String(repeating: "ff", count: 32),
        String(repeating: "ff", count: 31) + "7f",
        "ed" + String(repeating: "ff", count: 30) + "7f",
        "ee" + String(repeating: "ff", count: 30) + "7f",
        "01" + String(repeating: "00", count: 30) + "80",
        "02" + String(repeating: "00", count: 31),
    ]

    @Test("32 bytes that are no point of the curve are refused", arguments: nonPoints)
    func nonPointsRefused(hex: String) {
        #expect(throws: Ed25519KeyError.notAPoint) { try Ed25519PublicKey(hex: hex) }
    }

    @Test("RFC 8032's keys and generated keys still load")
    func realKeysLoad() throws {
        for vector in Self.vectors { _ = try vector.key() }
        for _ in 0..<20 {
            let key = Ed25519PrivateKey.generate().publicKey
            #expect(try Ed25519PublicKey(rawBytes: key.rawBytes) == key)
        }
    }

    @Test func badSeedsAreTypedErrors() {
        let short = [UInt8](repeating: 1, count: 31)
        #expect(throws: Ed25519KeyError.wrongLength(byteCount: 31)) { try Ed25519PrivateKey(seed: short) }
        #expect(throws: Ed25519KeyError.notHex(characterCount: 3)) { try Ed25519PrivateKey(seedHex: "abc") }
        #expect(throws: Ed25519KeyError.wrongLength(byteCount: 16)) { try Ed25519PublicKey(rawBytes: short.prefix(16)) }
    }

    @Test func keyErrorsSayWhatAKeyLooksLikeWithoutRepeatingIt() {
        let errors: [Ed25519KeyError] = [
            .notHex(characterCount: 65), .wrongLength(byteCount: 31), .rejectedByLibrary, .notAPoint, .smallOrder,
        ]
        for error in errors { #expect(error.description.contains("Ed25519 key")) }
        #expect(Ed25519KeyError.wrongLength(byteCount: 31).description.contains("62"))
        #expect(Ed25519KeyError.notHex(characterCount: 65).description.contains("64 hex digits"))
    }

    @Test func generatedKeysSignAndVerifyAndDiffer() {
        let first = Ed25519PrivateKey.generate(), second = Ed25519PrivateKey.generate()
        #expect(first.publicKey != second.publicKey)
        let message = Array("1764547200{\"type\":1}".utf8)
        let signature = first.signature(for: message)
        #expect(signature.count == 64)
        #expect(first.publicKey.isValidSignature(signature, for: message))
        #expect(!second.publicKey.isValidSignature(signature, for: message))
    }

    @Test func privateKeyRenderingsHideTheSeed() throws {
        let vector = Self.vectors[2]
        let privateKey = try Ed25519PrivateKey(seedHex: vector.secretKey)
        var dumped = ""
        dump(privateKey, to: &dumped)
        for rendering in [privateKey.description, String(reflecting: privateKey), dumped] {
            #expect(!rendering.contains(vector.secretKey))
            #expect(!rendering.contains("197, 170"))  // the seed's first bytes, 0xc5 0xaa
            #expect(rendering.contains(vector.publicKey))
        }
    }
}
