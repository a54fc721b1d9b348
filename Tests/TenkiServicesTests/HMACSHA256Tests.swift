import Testing

@testable import TenkiSecurity

@Suite("HMACSHA256")
struct HMACSHA256Tests {
    struct Vector: Sendable, CustomStringConvertible {
        var name: String
        var key: [UInt8]
        var data: [UInt8]
        var expected: String
        var truncatedTo: Int? = nil
        var description: String { name }
    }

    /// RFC 4231 §4.2–4.8, the HMAC-SHA-256 results.
    static let rfc4231: [Vector] = [
        Vector(
            name: "test case 1", key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
            expected: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            name: "test case 2 (key shorter than the output)", key: Array("Jefe".utf8),
            data: Array("what do ya want for nothing?".utf8),
            expected: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            name: "test case 3", key: [UInt8](repeating: 0xaa, count: 20), data: [UInt8](repeating: 0xdd, count: 50),
            expected: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            name: "test case 4", key: Array(1...25), data: [UInt8](repeating: 0xcd, count: 50),
            expected: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            name: "test case 5 (truncated to 128 bits)", key: [UInt8](repeating: 0x0c, count: 20),
            data: Array("Test With Truncation".utf8), expected: "a3b6167473100ee06e0c796c2955552b", truncatedTo: 16),
        Vector(
            name: "test case 6 (131-byte key)", key: [UInt8](repeating: 0xaa, count: 131),
            data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            expected: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            name: "test case 7 (131-byte key, long data)", key: [UInt8](repeating: 0xaa, count: 131),
            data: Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            expected: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: rfc4231)
    func matchesRFC4231(vector: Vector) {
        let code = HMACSHA256.authenticationCode(key: vector.key, message: vector.data)
        #expect(code.count == HMACSHA256.byteCount)
        #expect(hex(Array(code.prefix(vector.truncatedTo ?? code.count))) == vector.expected)
    }

    @Test func acceptsEmptyKeyAndMessage() {
        // Python: hmac.new(b"", b"", hashlib.sha256).hexdigest()
        #expect(
            hex(HMACSHA256.authenticationCode(key: [UInt8](), message: [UInt8]()))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func acceptsNonContiguousInput() {
        let key = "Jefe".utf8.lazy.map { $0 }
        let message = "what do ya want for nothing?".utf8
        #expect(
            hex(HMACSHA256.authenticationCode(key: key, message: message))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func acceptsSlicesWithOffsets() {
        let key = Array("xxJefe".utf8).dropFirst(2)
        let message = Array("..what do ya want for nothing?".utf8)[2...]
        #expect(
            hex(HMACSHA256.authenticationCode(key: key, message: message))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(HMACSHA256.constantTimeEquals([9, 1, 2][1...], [1, 2]))
    }

    @Test func constantTimeEquals() {
        #expect(HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.constantTimeEquals([0, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!HMACSHA256.constantTimeEquals([UInt8](), [0]))
        #expect(HMACSHA256.constantTimeEquals([UInt8](), [UInt8]()))
    }

    @Test("a code equals itself and differs from one with any single bit of any byte flipped")
    func codeEquality() {
        let key = HMACSHA256.PreparedKey(Array("Jefe".utf8))
        let code = key.code { $0.append("what do ya want for nothing?".utf8) }
        #expect(code.constantTimeEquals(code))
        for byte in 0..<HMACSHA256.byteCount {
            for bit in 0..<8 {
                var changed = code
                changed.withUnsafeMutableBytes { $0[byte] ^= 1 << bit }
                #expect(!code.constantTimeEquals(changed), "byte \(byte), bit \(bit)")
            }
        }
    }
}

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
