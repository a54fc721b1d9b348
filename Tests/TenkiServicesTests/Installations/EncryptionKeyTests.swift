import Foundation
import Testing

@testable import TenkiSecurity

/// `TENKI_ENCRYPTION_KEY`'s text: 32 bytes as hex or base64, one key or `NEW,OLD`.
@Suite("Encryption key")
struct EncryptionKeyTests {
    static let raw = (0..<32).map { UInt8($0 * 7 % 256) }

    @Test("hex (either case), base64, URL-safe base64, with or without padding: the same key")
    func encodings() throws {
        let hex = HexBytes.encode(Self.raw)
        let base64 = Data(Self.raw).base64EncodedString()
        let urlSafe = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        for text in [hex, hex.uppercased(), base64, String(base64.dropLast()), urlSafe, " \(base64) "] {
            #expect(try EncryptionKey(parsing: text).bytes == Self.raw, "\(text)")
        }
    }

    @Test("wrong length, bad encoding, empty: refused with a problem that quotes nothing")
    func refusals() {
        #expect(throws: EncryptionKeyProblem.wrongLength(16)) {
            try EncryptionKey(parsing: Data(Self.raw.prefix(16)).base64EncodedString())
        }
        #expect(throws: EncryptionKeyProblem.wrongLength(31)) { try EncryptionKey(parsing: HexBytes.encode(Self.raw.prefix(31))) }
        #expect(throws: EncryptionKeyProblem.notEncoded) { try EncryptionKey(parsing: "not a key!") }
        #expect(throws: EncryptionKeyProblem.empty) { try EncryptionKey(parsing: "  ") }
    }

    @Test("NEW,OLD: two keys, the first current; three are refused; a bad second key is named")
    func keyLists() throws {
        let other = (0..<32).map { UInt8(255 - $0) }
        let keys = try EncryptionKeys(parsing: "\(HexBytes.encode(Self.raw)),\(Data(other).base64EncodedString())")
        #expect(keys.current.bytes == Self.raw && keys.previous?.bytes == other)
        #expect(try EncryptionKeys(parsing: HexBytes.encode(Self.raw)).previous == nil)
        let three = Array(repeating: HexBytes.encode(Self.raw), count: 3).joined(separator: ",")
        #expect(throws: EncryptionKeysProblem(position: nil, problem: .tooManyKeys(3))) { try EncryptionKeys(parsing: three) }
        let badOld = "\(HexBytes.encode(Self.raw)),not a key!"
        #expect(throws: EncryptionKeysProblem(position: 2, problem: .notEncoded)) { try EncryptionKeys(parsing: badOld) }
        #expect(
            EncryptionKeysProblem(position: 2, problem: .wrongLength(3)).description
                == "key 2 (OLD) decodes to 3 bytes, not the 32 of an AES-256 key")
    }

    @Test("the key id names the key and differs between keys")
    func keyIDs() {
        let a = EncryptionKey(bytes: Self.raw)!, b = EncryptionKey(bytes: Self.raw.reversed())!
        #expect(a.id.count == 4 && a.id == EncryptionKey(bytes: Self.raw)!.id && a.id != b.id)
        #expect(EncryptionKey(bytes: Array(Self.raw.prefix(31))) == nil)
    }
}
