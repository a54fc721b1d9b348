import Foundation
import Testing

@testable import TenkiSecurity

@Suite("DiscordRequestVerifier")
struct DiscordRequestVerifierTests {
    /// Discord's PING body shape, signed by PyNaCl (libsodium) with a test key: a signature made outside
    /// OpenSSL, so the check does not only agree with itself.
    struct SignedPing: Decodable {
        var seed: String
        var publicKey: String
        var timestamp: String
        var bodyFile: String
        var signature: String

        enum CodingKeys: String, CodingKey {
            case seed
            case publicKey = "public_key"
            case timestamp = "x_signature_timestamp"
            case bodyFile = "body_file"
            case signature = "x_signature_ed25519"
        }
    }

    static let ping: SignedPing = {
        do {
            let data = Data(try Fixtures.bytes("discord_interaction_ping_signed_pynacl_test_key.json"))
            return try JSONDecoder().decode(SignedPing.self, from: data)
        } catch {
            fatalError("cannot load discord_interaction_ping_signed_pynacl_test_key.json: \(error)")
        }
    }()
    static let body: [UInt8] = {
        do { return try Fixtures.bytes(ping.bodyFile) } catch { fatalError("cannot load \(ping.bodyFile): \(error)") }
    }()
    static let timestamp = ping.timestamp
    static let signature = ping.signature
    static var now: TimeInterval { TimeInterval(Int64(timestamp) ?? 0) }

    static func verifier(at now: TimeInterval = now) throws -> DiscordRequestVerifier {
        DiscordRequestVerifier(publicKey: try Ed25519PublicKey(hex: ping.publicKey), clock: FixedClock(now))
    }

    static let sample = SignedSample(timestamp: timestamp, signature: signature, body: body)

    @Test func signedPingVerifies() throws {
        let interaction = try JSONSerialization.jsonObject(with: Data(Self.body)) as? [String: Any]
        #expect(interaction?["type"] as? Int == 1)
        try Self.sample.verify(try Self.verifier())
        try Self.sample.verify(try Self.verifier(), signatures: [Self.signature.uppercased()])
    }

    /// Issue 40, item 10: Discord gets the replay cache Slack has.
    @Test func aReplayedInteractionIsRefusedAndAForgeryIsNotRemembered() throws {
        let replays = RecentSignatures(capacity: 16, hold: 600)
        let verifier = DiscordRequestVerifier(
            publicKey: try Ed25519PublicKey(hex: Self.ping.publicKey), clock: FixedClock(Self.now), replays: replays)
        var forged = Array(Self.signature)
        forged[0] = forged[0] == "0" ? "1" : "0"
        #expect(throws: RequestVerificationError.badSignature(.discord)) {
            try Self.sample.verify(verifier, signatures: [String(forged)])
        }
        try Self.sample.verify(verifier)
        #expect(throws: RequestVerificationError.replayed(.discord)) { try Self.sample.verify(verifier) }
        #expect(throws: RequestVerificationError.replayed(.discord)) {
            try Self.sample.verify(verifier, signatures: [Self.signature.uppercased()])
        }
    }

    @Test func signerMatchesTheIndependentSignature() throws {
        let signer = DiscordRequestSigner(privateKey: try Ed25519PrivateKey(seedHex: Self.ping.seed))
        #expect(signer.privateKey.publicKey.hex == Self.ping.publicKey)
        let headers = signer.headers(timestamp: Int64(Self.now), body: Self.body)
        #expect(headers.map(\.name) == ["X-Signature-Ed25519", "X-Signature-Timestamp"])
        #expect(headers.map(\.value)[1] == Self.timestamp)
        #if os(Linux)
        #expect(headers.map(\.value)[0] == Self.signature)  // deterministic with libcrypto
        #endif
        try Self.sample.verify(try Self.verifier(), signatures: [headers[0].value])
    }

    @Test func generatedKeyPairRoundTrips() throws {
        let signer = DiscordRequestSigner(privateKey: .generate())
        let verifier = DiscordRequestVerifier(publicKey: signer.privateKey.publicKey, clock: FixedClock(Self.now))
        let body = Array(#"{"type":2,"data":{"name":"weather","options":[{"name":"place","value":"Danang"}]}}"#.utf8)
        let signature = signer.signature(timestamp: Int64(Self.now), body: body)
        try Self.sample.verify(verifier, signatures: [signature], body: body)
        #expect(throws: RequestVerificationError.badSignature(.discord)) { try Self.sample.verify(verifier, signatures: [signature]) }
        #expect(throws: RequestVerificationError.badSignature(.discord)) {
            try Self.sample.verify(try Self.verifier(), signatures: [signature], body: body)
        }
    }

    @Test func bodyAlteredAfterSigningIsRejected() throws {
        let verifier = try Self.verifier()
        var altered = Self.body
        altered[altered.count - 2] ^= 1
        let text = String(decoding: Self.body, as: UTF8.self)
        let retyped = Array(text.replacingOccurrences(of: "\"type\": 1", with: "\"type\": 2").utf8)
        #expect(retyped != Self.body)
        for body in [altered, retyped, Self.body + [0x0A], Array(Self.body.dropLast()), []] {
            #expect(throws: RequestVerificationError.badSignature(.discord)) { try Self.sample.verify(verifier, body: body) }
        }
    }

    @Test func badSignaturesAreRejected() throws {
        let verifier = try Self.verifier()
        var flipped = try #require(HexBytes.decode(Self.signature))
        flipped[10] ^= 0x80
        let probes = [HexBytes.encode(flipped), String(repeating: "0", count: 128), String(repeating: "f", count: 128)]
        for signature in probes {
            #expect(throws: RequestVerificationError.badSignature(.discord)) { try Self.sample.verify(verifier, signatures: [signature]) }
        }
    }

    @Test func timestampIsPartOfTheSignature() throws {
        // Fresh, but not the timestamp that was signed.
        #expect(throws: RequestVerificationError.badSignature(.discord)) {
            try Self.sample.verify(try Self.verifier(), timestamps: [String(Int64(Self.now) + 1)])
        }
        // Same number, different text: the signature covers the header as sent.
        #expect(throws: RequestVerificationError.badSignature(.discord)) {
            try Self.sample.verify(try Self.verifier(), timestamps: ["0" + Self.timestamp])
        }
    }

    @Test(arguments: [-300.0, -0.5, 0, 299.9, 300])
    func acceptsWithinFiveMinutes(offset: TimeInterval) throws {
        try Self.sample.verify(try Self.verifier(at: Self.now + offset))
    }

    @Test(arguments: [
        (301.0, RequestVerificationError.staleTimestamp(.discordTimestamp, skewSeconds: 301)),
        (300.5, .staleTimestamp(.discordTimestamp, skewSeconds: 300)),
        (86_400, .staleTimestamp(.discordTimestamp, skewSeconds: 86_400)),
        (-301, .futureTimestamp(.discordTimestamp, skewSeconds: 301)),
        (-3_600, .futureTimestamp(.discordTimestamp, skewSeconds: 3_600)),
        (.nan, .staleTimestamp(.discordTimestamp, skewSeconds: 9_223_372_035_090_228_607)),  // a NaN clock fails closed
    ])
    func rejectsOutsideFiveMinutes(offset: TimeInterval, error: RequestVerificationError) {
        #expect(throws: error) { try Self.sample.verify(try Self.verifier(at: Self.now + offset)) }
    }

    @Test func toleranceIsConfigurable() throws {
        let strict = DiscordRequestVerifier(
            publicKey: try Ed25519PublicKey(hex: Self.ping.publicKey), tolerance: 60, clock: FixedClock(Self.now - 61))
        #expect(strict.tolerance == 60)
        #expect(throws: RequestVerificationError.futureTimestamp(.discordTimestamp, skewSeconds: 61)) { try Self.sample.verify(strict) }
    }

    @Test(arguments: [
        "", "abc", "-1764547200", "+1764547200", " 1764547200", "1764547200 ", "1764547200.5", "1e9",
        "99999999999999999999", "9223372036854775808", "１７６４５４７２００",
    ])
    func rejectsMalformedTimestamps(value: String) {
        #expect(throws: RequestVerificationError.malformedTimestamp(.discordTimestamp)) {
            try Self.sample.verify(try Self.verifier(), timestamps: [value])
        }
    }

    @Test func absurdButNumericTimestampsAreOutOfWindow() {
        #expect(throws: RequestVerificationError.futureTimestamp(.discordTimestamp, skewSeconds: 9_223_372_035_090_228_607)) {
            try Self.sample.verify(try Self.verifier(), timestamps: ["9223372036854775807"])
        }
        #expect(throws: RequestVerificationError.staleTimestamp(.discordTimestamp, skewSeconds: 1_764_547_200)) {
            try Self.sample.verify(try Self.verifier(), timestamps: ["0"])
        }
    }

    static let malformedSignatures: [String] = {
        let hex = signature
        return [
            "", String(hex.dropLast()), String(hex.dropLast(2)), hex + "0", hex + "00", hex + hex, "0x" + hex.dropFirst(2),
            " " + hex.dropFirst(), String(hex.dropLast()) + "g", String(repeating: "é", count: 64), String(hex.prefix(64)),
        ]
    }()

    @Test(arguments: malformedSignatures)
    func rejectsMalformedSignatures(value: String) {
        #expect(throws: RequestVerificationError.malformedSignature(.discord, length: value.utf8.count)) {
            try Self.sample.verify(try Self.verifier(), signatures: [value])
        }
    }

    @Test func missingAndDuplicatedHeadersAreRejected() {
        #expect(throws: RequestVerificationError.missingHeader(.discordTimestamp)) {
            try Self.sample.verify(try Self.verifier(), timestamps: [])
        }
        #expect(throws: RequestVerificationError.missingHeader(.discordSignature)) {
            try Self.sample.verify(try Self.verifier(), signatures: [])
        }
        #expect(throws: RequestVerificationError.duplicateHeader(.discordTimestamp, count: 2)) {
            try Self.sample.verify(try Self.verifier(), timestamps: [Self.timestamp, Self.timestamp])
        }
        #expect(throws: RequestVerificationError.duplicateHeader(.discordSignature, count: 3)) {
            try Self.sample.verify(try Self.verifier(), signatures: [Self.signature, Self.signature, ""])
        }
    }

    @Test func readsTheClockOnceAndOnlyForWellFormedRequests() throws {
        let clock = CountingClock(Self.now)
        let verifier = DiscordRequestVerifier(publicKey: try Ed25519PublicKey(hex: Self.ping.publicKey), clock: clock)
        try Self.sample.verify(verifier)
        #expect(clock.count == 1)
        #expect(throws: RequestVerificationError.malformedSignature(.discord, length: 1)) { try Self.sample.verify(verifier, signatures: ["x"]) }
        #expect(clock.count == 1)
        #expect(throws: RequestVerificationError.badSignature(.discord)) { try Self.sample.verify(verifier, body: []) }
        #expect(clock.count == 2)
    }

    @Test func errorsHaveDistinctReasonsAndNeverEchoTheSignature() {
        let errors: [RequestVerificationError] = [
            .missingHeader(.discordTimestamp), .duplicateHeader(.discordSignature, count: 2), .malformedTimestamp(.discordTimestamp),
            .staleTimestamp(.discordTimestamp, skewSeconds: 301), .futureTimestamp(.discordTimestamp, skewSeconds: 301), .malformedSignature(.discord, length: 127),
            .badSignature(.discord),
        ]
        #expect(errors.allSatisfy { $0.platform == .discord && $0.refusal == "invalid Discord signature" })
        #expect(
            errors.map(\.reason) == [
                "missing_header", "duplicate_header", "malformed_timestamp", "stale_timestamp", "future_timestamp",
                "malformed_signature", "bad_signature",
            ])
        for error in errors { #expect(!error.description.contains(Self.signature.prefix(16))) }
        #expect(RequestVerificationError.missingHeader(.discordSignature).description == "missing X-Signature-Ed25519 header")
        #expect(RequestVerificationError.futureTimestamp(.discordTimestamp, skewSeconds: 301).description.contains("301"))
    }
}
