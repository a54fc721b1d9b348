import Foundation
import Testing

@testable import TenkiSecurity

@Suite("SlackRequestVerifier")
struct SlackRequestVerifierTests {
    /// Slack's published example (docs "Verifying requests from Slack").
    struct OfficialExample: Decodable {
        var signingSecret: String
        var timestamp: String
        var bodyFile: String
        var body: String
        var expectedSignature: String

        enum CodingKeys: String, CodingKey {
            case signingSecret = "signing_secret"
            case timestamp = "x_slack_request_timestamp"
            case bodyFile = "body_file"
            case body
            case expectedSignature = "expected_x_slack_signature"
        }
    }

    static let example: OfficialExample = {
        do {
            return try JSONDecoder().decode(
                OfficialExample.self, from: Data(try Fixtures.bytes("slack_signature_official_example.json")))
        } catch {
            fatalError("cannot load slack_signature_official_example.json: \(error)")
        }
    }()
    static let secret = example.signingSecret
    static let timestamp = example.timestamp
    static let body = Array(example.body.utf8)
    static let signature = example.expectedSignature
    static var now: TimeInterval { TimeInterval(Int64(timestamp) ?? 0) }

    static func verifier(_ secrets: [String] = [secret], at now: TimeInterval = now) -> SlackRequestVerifier {
        SlackRequestVerifier(signingSecrets: secrets, clock: FixedClock(now))
    }

    static func sign(_ secret: String, _ timestamp: String, _ body: [UInt8]) -> String {
        "v0=" + hex(HMACSHA256.authenticationCode(key: Array(secret.utf8), message: Array("v0:\(timestamp):".utf8) + body))
    }

    static let sample = SignedSample(timestamp: timestamp, signature: signature, body: body)

    @Test func officialExampleVerifies() throws {
        #expect(Self.body == (try Fixtures.bytes(Self.example.bodyFile)))
        #expect(Self.sign(Self.secret, Self.timestamp, Self.body) == Self.signature)
        try Self.sample.verify(Self.verifier())
    }

    @Test func uppercaseHexIsAccepted() throws {
        try Self.sample.verify(Self.verifier(), signatures: ["v0=" + Self.signature.dropFirst(3).uppercased()])
    }

    @Test func tamperedBodyIsRejected() {
        var tampered = Self.body
        tampered[tampered.count - 1] ^= 1
        #expect(throws: RequestVerificationError.badSignature(.slack)) { try Self.sample.verify(Self.verifier(), body: tampered) }
        #expect(throws: RequestVerificationError.badSignature(.slack)) { try Self.sample.verify(Self.verifier(), body: Self.body + [0x0A]) }
        #expect(throws: RequestVerificationError.badSignature(.slack)) { try Self.sample.verify(Self.verifier(), body: []) }
    }

    @Test func wrongSecretIsRejected() {
        #expect(throws: RequestVerificationError.badSignature(.slack)) {
            try Self.sample.verify(Self.verifier(["8f742231b10e8888abcd99yyyzzz85a6"]))
        }
    }

    @Test func timestampIsPartOfTheSignature() {
        // Fresh enough, but not the timestamp that was signed.
        #expect(throws: RequestVerificationError.badSignature(.slack)) {
            try Self.sample.verify(Self.verifier(at: Self.now + 1), timestamps: [String(Int64(Self.now) + 1)])
        }
        // Same number, different text: the signature covers the header as sent.
        #expect(throws: RequestVerificationError.badSignature(.slack)) {
            try Self.sample.verify(Self.verifier(), timestamps: ["0" + Self.timestamp])
        }
    }

    @Test(arguments: [-300.0, 0, 300])
    func acceptsWithinTolerance(offset: TimeInterval) throws {
        try Self.sample.verify(Self.verifier(at: Self.now + offset))
    }

    @Test(arguments: [
        (301.0, RequestVerificationError.staleTimestamp(.slackTimestamp, skewSeconds: 301)),
        (300.5, .staleTimestamp(.slackTimestamp, skewSeconds: 300)),
        (86_400, .staleTimestamp(.slackTimestamp, skewSeconds: 86_400)),
        (-301, .futureTimestamp(.slackTimestamp, skewSeconds: 301)),
        (-3_600, .futureTimestamp(.slackTimestamp, skewSeconds: 3_600)),
    ])
    func rejectsOutsideTolerance(offset: TimeInterval, error: RequestVerificationError) {
        #expect(throws: error) { try Self.sample.verify(Self.verifier(at: Self.now + offset)) }
    }

    @Test func toleranceIsConfigurable() throws {
        let strict = SlackRequestVerifier(signingSecrets: [Self.secret], tolerance: 60, clock: FixedClock(Self.now + 61))
        #expect(throws: RequestVerificationError.staleTimestamp(.slackTimestamp, skewSeconds: 61)) { try Self.sample.verify(strict) }
    }

    @Test(arguments: [
        "", "abc", "-1531420618", "+1531420618", " 1531420618", "1531420618 ", "1531420618.5", "1e9",
        "99999999999999999999", "9223372036854775808", "１５３１４２０６１８",
    ])
    func rejectsMalformedTimestamps(value: String) {
        #expect(throws: RequestVerificationError.malformedTimestamp(.slackTimestamp)) {
            try Self.sample.verify(Self.verifier(), timestamps: [value])
        }
    }

    @Test func absurdButNumericTimestampsAreOutOfWindow() {
        #expect(throws: RequestVerificationError.futureTimestamp(.slackTimestamp, skewSeconds: 9_223_372_035_323_355_189)) {
            try Self.sample.verify(Self.verifier(), timestamps: ["9223372036854775807"])
        }
        #expect(throws: RequestVerificationError.staleTimestamp(.slackTimestamp, skewSeconds: 1_531_420_618)) {
            try Self.sample.verify(Self.verifier(), timestamps: ["0"])
        }
    }

    @Test func missingHeadersAreRejected() {
        #expect(throws: RequestVerificationError.missingHeader(.slackTimestamp)) {
            try Self.sample.verify(Self.verifier(), timestamps: [])
        }
        #expect(throws: RequestVerificationError.missingHeader(.slackSignature)) {
            try Self.sample.verify(Self.verifier(), signatures: [])
        }
    }

    @Test func duplicatedHeadersAreRejected() {
        #expect(throws: RequestVerificationError.duplicateHeader(.slackTimestamp, count: 2)) {
            try Self.sample.verify(Self.verifier(), timestamps: [Self.timestamp, Self.timestamp])
        }
        #expect(throws: RequestVerificationError.duplicateHeader(.slackSignature, count: 2)) {
            try Self.sample.verify(Self.verifier(), signatures: [Self.signature, Self.signature])
        }
        #expect(throws: RequestVerificationError.duplicateHeader(.slackSignature, count: 3)) {
            try Self.sample.verify(Self.verifier(), signatures: ["v0=" + String(repeating: "0", count: 64), Self.signature, ""])
        }
    }

    static let validHex = String(signature.dropFirst(3))

    static let malformedSignatures: [String] = {
        let hex: String = validHex
        let short: String = String(hex.dropLast())
        let shorter: String = String(hex.dropLast(2))
        var values: [String] = ["", "v0=", hex, "v0=" + short, "v0=" + shorter, "v0=" + hex + "0", "v0=" + hex + "00"]
        values += ["v1=" + hex, "V0=" + hex, "v0" + hex, "v0:" + hex, " v0=" + short]
        values += ["v0=" + short + "g", "v0=" + shorter + "zz", "v0=" + String(repeating: "é", count: 32)]
        // The bytes either side of each digit range: `/` `:` `@` `G` `` ` `` `g`, first and last.
        values += ["/", ":", "@", "G", "`", "g"].flatMap { ["v0=" + short + $0, "v0=" + $0 + short] }
        return values
    }()

    @Test(arguments: malformedSignatures)
    func rejectsMalformedSignatures(value: String) {
        #expect(throws: RequestVerificationError.malformedSignature(.slack, length: value.utf8.count)) {
            try Self.sample.verify(Self.verifier(), signatures: [value])
        }
    }

    @Test func rotationAcceptsEitherSecret() throws {
        try Self.sample.verify(Self.verifier(["old-secret-that-no-longer-signs", Self.secret]))
        try Self.sample.verify(Self.verifier([Self.secret, "new-secret-not-yet-used"]))
        let fromSetting = SlackRequestVerifier.secrets(fromSetting: " other , \(Self.secret),")
        #expect(fromSetting == ["other", Self.secret])
        try Self.sample.verify(Self.verifier(fromSetting))
        #expect(throws: RequestVerificationError.badSignature(.slack)) { try Self.sample.verify(Self.verifier(["a", "b"])) }
    }

    @Test func emptySecretsNeverVerify() {
        let verifier = Self.verifier(["", "  "])
        #expect(verifier.secretCount == 0)
        let signedWithEmptyKey = Self.sign("", Self.timestamp, Self.body)
        #expect(throws: RequestVerificationError.badSignature(.slack)) {
            try Self.sample.verify(verifier, signatures: [signedWithEmptyKey])
        }
    }

    @Test func readsTheClockOnce() throws {
        let clock = CountingClock(Self.now)
        let verifier = SlackRequestVerifier(signingSecrets: [Self.secret, "second"], clock: clock)
        try Self.sample.verify(verifier)
        #expect(clock.count == 1)
        #expect(throws: RequestVerificationError.self) { try Self.sample.verify(verifier, body: []) }
        #expect(clock.count == 2)
    }

    /// The captured-headers fixture holds headers only (tab-separated, no body, `content-length 418`):
    /// its timestamp and signature are well formed, so they reach the time window and the HMAC.
    @Test func capturedHeadersAreWellFormed() throws {
        let text = String(decoding: try Fixtures.bytes("slack_slash_command_captured_webhook_site_headers.txt"), as: UTF8.self)
        let headers = text.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        let timestamps = headers.filter { $0.name == "x-slack-request-timestamp" }.map(\.value)
        let signatures = headers.filter { $0.name == "x-slack-signature" }.map(\.value)
        #expect(timestamps == ["1613288918"])
        #expect(signatures.count == 1)
        let unknownBody = [UInt8](repeating: UInt8(ascii: "x"), count: 418)
        #expect(throws: RequestVerificationError.badSignature(.slack)) {
            try Self.verifier(["not-their-secret"], at: 1_613_288_918)
                .verify(timestampHeaderValues: timestamps, signatureHeaderValues: signatures, body: unknownBody)
        }
        #expect(throws: RequestVerificationError.staleTimestamp(.slackTimestamp, skewSeconds: 301)) {
            try Self.verifier(["not-their-secret"], at: 1_613_288_918 + 301)
                .verify(timestampHeaderValues: timestamps, signatureHeaderValues: signatures, body: unknownBody)
        }
    }

    @Test func errorsHaveDistinctReasonsAndNeverLeakSecrets() {
        let errors: [RequestVerificationError] = [
            .missingHeader(.slackTimestamp), .duplicateHeader(.slackSignature, count: 2), .malformedTimestamp(.slackTimestamp),
            .staleTimestamp(.slackTimestamp, skewSeconds: 301), .futureTimestamp(.slackTimestamp, skewSeconds: 301), .malformedSignature(.slack, length: 66),
            .badSignature(.slack),
        ]
        #expect(errors.allSatisfy { $0.platform == .slack && $0.refusal == "invalid Slack signature" })
        #expect(
            errors.map(\.reason) == [
                "missing_header", "duplicate_header", "malformed_timestamp", "stale_timestamp", "future_timestamp",
                "malformed_signature", "bad_signature",
            ])
        for error in errors {
            #expect(!error.description.contains(Self.secret))
            #expect(!error.description.contains(Self.validHex))
        }
        #expect(RequestVerificationError.staleTimestamp(.slackTimestamp, skewSeconds: 301).description.contains("301"))
        let verifier = Self.verifier()
        var dumped = ""
        dump(verifier, to: &dumped)
        for rendering in [verifier.description, String(reflecting: verifier), dumped] {
            #expect(!rendering.contains(Self.secret))
            #expect(!rendering.contains("56, 102"))  // the secret's first bytes, "8f"
        }
    }
}
