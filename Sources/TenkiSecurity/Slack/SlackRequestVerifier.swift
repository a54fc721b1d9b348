import Foundation
import TenkiBase
import TenkiCore

/// Checks that a request came from Slack, with Slack's v0 signing scheme:
/// `X-Slack-Signature: v0=` + hex(HMAC-SHA256(signing secret, `v0:{X-Slack-Request-Timestamp}:{raw body}`)),
/// and the timestamp within `tolerance` of now so that a captured request cannot be replayed later.
///
/// Several secrets may be configured, so that a secret can be rotated without downtime (Slack signs with
/// one; the old and new are both accepted meanwhile). The check is the same whichever secret matches.
///
/// Cost per request: one clock read, one HMAC per secret over `v0:{timestamp}:` plus the body (fed in
/// pieces, not concatenated), and a constant-time comparison of raw bytes (the received hex is decoded
/// once; nothing is hex-encoded). HMAC's inner and outer key blocks are hashed once here
/// (`HMACSHA256.PreparedKey`, plain SHA-256 states copied per request): OpenSSL's one-shot HMAC fetched the
/// algorithm and hashed both key blocks on every request, a fifth of a cached command's cost.
public struct SlackRequestVerifier: Sendable, CustomStringConvertible, CustomReflectable {
    private let keys: [HMACSHA256.PreparedKey]
    public let tolerance: TimeInterval
    private let clock: any WallClock
    private let replays: RecentSignatures?

    /// - Parameters:
    ///   - signingSecrets: the app's signing secrets. Surrounding whitespace is dropped, and so are empty
    ///     secrets: an empty key would let anyone sign. With no secret left every request is refused.
    ///   - tolerance: how far, in seconds, the request timestamp may be from now in either direction.
    ///     Slack recommends 5 minutes.
    ///   - replays: where accepted signatures are remembered, to refuse the same request a second
    ///     time; nil accepts a fresh request as often as it is sent.
    public init(signingSecrets: [String], tolerance: TimeInterval = 300, clock: any WallClock, replays: RecentSignatures? = nil) {
        self.keys = signingSecrets.compactMap { secret in
            let trimmed = secret.trimmingWhitespace()
            return trimmed.isEmpty ? nil : HMACSHA256.PreparedKey(Array(trimmed.utf8))
        }
        self.tolerance = tolerance
        self.clock = clock
        self.replays = replays
    }

    /// Splits a `SLACK_SIGNING_SECRET` value that holds one secret, or two separated by `,` while rotating.
    public static func secrets(fromSetting value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// How many usable secrets were configured (for a start-up check; never the secrets themselves).
    public var secretCount: Int { keys.count }

    private static let versionPrefix: [UInt8] = Array("v0:".utf8)
    private static let colon: [UInt8] = [UInt8(ascii: ":")]

    public var description: String {
        "SlackRequestVerifier(secrets: \(keys.count), tolerance: \(tolerance) s)"
    }

    /// Hides the secrets from `dump` and debuggers' summaries.
    public var customMirror: Mirror {
        Mirror(self, children: ["secretCount": keys.count, "tolerance": tolerance], displayStyle: .struct)
    }

    // MARK: - Parsing

    /// `v0=` and 64 hex digits (either case) to the 32 bytes they spell, or nil.
    static func decodeSignature(_ text: String) -> HMACSHA256.Code? {
        var text = text
        return text.withUTF8 { utf8 -> HMACSHA256.Code? in  // the string's own bytes: no copy per request
            guard utf8.count == 3 + 2 * HMACSHA256.byteCount, utf8[0] == UInt8(ascii: "v"), utf8[1] == UInt8(ascii: "0"),
                utf8[2] == UInt8(ascii: "=")
            else { return nil }
            var code = HMACSHA256.Code()
            let valid = code.withUnsafeMutableBytes { bytes in
                var invalid: UInt8 = 0
                for index in 0..<HMACSHA256.byteCount {
                    let high = hexValue(utf8[3 + 2 * index]), low = hexValue(utf8[4 + 2 * index])
                    invalid |= (high | low) & 0xF0
                    bytes[index] = high << 4 | low & 0x0F
                }
                return invalid == 0
            }
            return valid ? code : nil
        }
    }

    /// A hex digit's value (0 to 15), or 0xFF for any other byte.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0"), letter = (byte | 0x20) &- UInt8(ascii: "a")
        if digit < 10 { return digit }
        return letter < 6 ? letter + 10 : 0xFF
    }
}

extension SlackRequestVerifier: SignedRequestVerifier {
    package static let timestampHeader = RequestVerificationError.Header.slackTimestamp
    package static let signatureHeader = RequestVerificationError.Header.slackSignature

    package func verify(_ headers: SignedRequestHeaders, body: [UInt8]) throws(RequestVerificationError) {
        let (timestampText, signatureText) = (headers.timestampText, headers.signatureText)
        guard let received = Self.decodeSignature(signatureText) else {
            throw .malformedSignature(.slack, length: signatureText.utf8.count)
        }

        let now = clock.now()
        let window = RequestTimestampWindow(tolerance: tolerance)
        try window.require(headers.timestamp, now: now.timeIntervalSince1970, header: .slackTimestamp)

        // The signature covers the timestamp exactly as sent, not as re-formatted from the parsed number.
        var matched = false
        for key in keys {
            let expected = key.code { message in
                message.append(Self.versionPrefix)
                message.append(timestampText.utf8)
                message.append(Self.colon)
                message.append(body)
            }
            // Every secret is tried, so timing does not reveal which one matched.
            matched = expected.constantTimeEquals(received) || matched
        }
        guard matched else { throw .badSignature(.slack) }
        // Only an authentic request is remembered: a forgery must not evict real entries.
        if let replays, !replays.firstSighting(of: received.bytes, now: now) { throw .replayed(.slack) }
    }
}
