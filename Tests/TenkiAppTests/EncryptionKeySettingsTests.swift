import Foundation
import TenkiSecurity
import Testing

@testable import TenkiApp

/// `TENKI_ENCRYPTION_KEY` (and `_FILE`): one key or `NEW,OLD`; every refusal is one line naming
/// the setting, never the key.
@Suite("Encryption key settings")
struct EncryptionKeySettingsTests {
    static let hexKey = String(repeating: "ab", count: 32)
    static let base64Key = Data(Array(repeating: UInt8(7), count: 32)).base64EncodedString()
    static let ab = EncryptionKey(bytes: Array(repeating: 0xAB, count: 32))!
    static let sevens = EncryptionKey(bytes: Array(repeating: 7, count: 32))!

    func load(_ environment: [String: String], files: [String: String] = [:]) throws(ConfigurationError) -> Settings {
        try Settings.load(environment: environment) { path in
            guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return contents
        }
    }

    @Test("unset: none; one key; NEW,OLD; from a file; the settings' description shows neither key")
    func accepted() throws {
        #expect(try load([:]).encryptionKeys == nil)
        let one = try load(["TENKI_ENCRYPTION_KEY": Self.hexKey])
        #expect(one.encryptionKeys?.current == Self.ab && one.encryptionKeys?.previous == nil)
        let two = try load(["TENKI_ENCRYPTION_KEY": "\(Self.base64Key),\(Self.hexKey)"])
        #expect(two.encryptionKeys?.current == Self.sevens)
        #expect(two.encryptionKeys?.previous == Self.ab)
        let file = try load(["TENKI_ENCRYPTION_KEY_FILE": "/run/secrets/key"], files: ["/run/secrets/key": Self.base64Key + "\n"])
        #expect(file.encryptionKeys?.current == Self.sevens)
        let described = String(describing: two)
        #expect(!described.contains(Self.hexKey) && !described.contains(Self.base64Key) && !described.contains("171, 171"))
    }

    @Test(
        "wrong length, bad encoding, more than two keys: one line naming the setting, without the key",
        arguments: [
            (String(repeating: "ab", count: 16), "decodes to 16 bytes"),
            ("not base64 at all!", "is neither base64 nor 64 hex digits"),
            ("\(hexKey),\(hexKey),\(hexKey)", "holds 3 keys; at most two, NEW,OLD"),
            ("\(hexKey),abcd", "key 2 (OLD) decodes to 2 bytes"),
        ])
    func refused(_ text: String, _ problem: String) {
        do {
            _ = try load(["TENKI_ENCRYPTION_KEY": text])
            Issue.record("accepted \(text.prefix(6))…")
        } catch {
            #expect(error.setting == "TENKI_ENCRYPTION_KEY")
            #expect(error.description.contains(problem), "\(error)")
            #expect(!error.description.contains("\n"))
            #expect(!error.description.contains("abab") && !error.description.contains(text), "\(error)")
        }
    }
}
