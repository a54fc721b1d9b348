import Foundation
import Testing

@testable import TenkiSecurity

/// The stored format of a sealed token, key rotation, and the refusals, each a typed error that
/// never carries the token.
@Suite("Token sealer")
struct TokenSealerTests {
    static let newKey = EncryptionKey(bytes: Array(repeating: 0x11, count: 32))!
    static let oldKey = EncryptionKey(bytes: Array(repeating: 0x22, count: 32))!
    static let token = "xoxb-1234-5678-abcdefghijklmnop"

    static func sealer(_ current: EncryptionKey = newKey, previous: EncryptionKey? = nil) -> TokenSealer {
        TokenSealer(keys: EncryptionKeys(current: current, previous: previous))
    }

    static func bytes(_ sealed: SealedToken) -> [UInt8] { Array(Data(base64Encoded: sealed.text)!) }
    static func sealed(_ bytes: [UInt8]) -> SealedToken { SealedToken(text: Data(bytes).base64EncodedString()) }

    @Test("seals to version 1 | key id | 12-byte nonce | ciphertext | tag, in base64, and opens for the same installation")
    func roundTrip() throws {
        let sealer = Self.sealer()
        let sealed = sealer.seal(Self.token, installationKey: "T1")
        let bytes = Self.bytes(sealed)
        #expect(bytes.count == 1 + 4 + 12 + Self.token.utf8.count + 16)
        #expect(bytes[0] == 1)
        #expect(Array(bytes[1..<5]) == Self.newKey.id)
        #expect(!sealed.text.contains("xox"), "nothing of the token shows in the stored text")
        let opened = try sealer.open(sealed, installationKey: "T1")
        #expect(opened.value == Self.token && !opened.needsResealing)
        #expect(try sealer.open(sealer.seal("", installationKey: "E1"), installationKey: "E1").value == "")
    }

    @Test("a fresh nonce every time: the same token sealed twice differs")
    func freshNonces() {
        let sealer = Self.sealer()
        let texts = Set((0..<50).map { _ in sealer.seal(Self.token, installationKey: "T1").text })
        #expect(texts.count == 50)
    }

    @Test("sealed for one installation, refused for another (the installation key is the associated data)")
    func associatedDataMismatch() {
        let sealer = Self.sealer()
        let sealed = sealer.seal(Self.token, installationKey: "T1")
        #expect(throws: TokenSealingError.notAuthentic) { try sealer.open(sealed, installationKey: "T2") }
        #expect(throws: TokenSealingError.notAuthentic) { try sealer.open(sealed, installationKey: "") }
    }

    @Test("any changed byte is refused, with the error that says which part was wrong")
    func tampering() {
        let sealer = Self.sealer()
        let bytes = Self.bytes(sealer.seal(Self.token, installationKey: "T1"))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x40
            let expected: TokenSealingError =
                switch index {
                case 0: .unknownVersion(Int(changed[0]))
                case 1..<5: .unknownKey
                default: .notAuthentic
                }
            #expect(throws: expected) { try sealer.open(Self.sealed(changed), installationKey: "T1") }
        }
    }

    @Test("truncated, empty, not base64, or under a key not configured: refused")
    func malformed() {
        let sealer = Self.sealer()
        let bytes = Self.bytes(sealer.seal(Self.token, installationKey: "T1"))
        #expect(throws: TokenSealingError.truncated) {
            try sealer.open(Self.sealed(Array(bytes.prefix(32))), installationKey: "T1")
        }
        #expect(throws: TokenSealingError.truncated) { try sealer.open(SealedToken(text: ""), installationKey: "T1") }
        #expect(throws: TokenSealingError.notAuthentic) {
            try sealer.open(Self.sealed(Array(bytes.dropLast())), installationKey: "T1")
        }
        #expect(throws: TokenSealingError.notEncoded) {
            try sealer.open(SealedToken(text: "xoxb-not-sealed"), installationKey: "T1")
        }
        #expect(throws: TokenSealingError.unknownKey) {
            try Self.sealer(Self.oldKey).open(sealer.seal(Self.token, installationKey: "T1"), installationKey: "T1")
        }
    }

    @Test("NEW,OLD: what OLD sealed opens and asks to be sealed again; what NEW seals, OLD alone cannot open")
    func rotation() throws {
        let old = Self.sealer(Self.oldKey)
        let rotating = Self.sealer(Self.newKey, previous: Self.oldKey)
        let underOld = old.seal(Self.token, installationKey: "T1")
        let opened = try rotating.open(underOld, installationKey: "T1")
        #expect(opened.value == Self.token && opened.needsResealing)
        let underNew = rotating.seal(Self.token, installationKey: "T1")
        #expect(Array(Self.bytes(underNew)[1..<5]) == Self.newKey.id)
        #expect(try !rotating.open(underNew, installationKey: "T1").needsResealing)
        #expect(throws: TokenSealingError.unknownKey) { try old.open(underNew, installationKey: "T1") }
    }

    @Test("no description shows a token or a key")
    func descriptions() throws {
        let sealer = Self.sealer()
        let sealed = sealer.seal(Self.token, installationKey: "T1")
        let opened = try sealer.open(sealed, installationKey: "T1")
        let texts = [
            String(describing: sealed), String(describing: opened), String(describing: Self.newKey),
            String(reflecting: Self.newKey),
            String(describing: EncryptionKeys(current: Self.newKey, previous: Self.oldKey)),
            String(describing: SlackRefreshToken("xoxe-1-abc")!),
        ]
        let errors: [TokenSealingError] = [.notEncoded, .truncated, .unknownVersion(2), .unknownKey, .notAuthentic]
        for text in texts + errors.map(\.description) {
            #expect(!text.contains("xox") && !text.contains("1111") && !text.contains(sealed.text), "\(text)")
        }
    }
}
