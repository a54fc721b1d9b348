import Foundation
import TenkiCore

/// Checks that an interaction request came from Discord: `X-Signature-Ed25519` is the hex of the
/// application key's Ed25519 signature of `X-Signature-Timestamp` followed by the raw body, and the
/// timestamp is within `tolerance` of now, so that a captured request cannot be replayed later.
///
/// Every refusal is a 401 for the route. Discord checks an endpoint by sending it requests with bad
/// signatures, and removes the endpoint if one is accepted.
///
/// Cost per request: one clock read, one copy of the body behind the timestamp (Ed25519 signs the message
/// whole and cannot be fed in pieces) and one signature check by the crypto library, whose timing does
/// not depend on the signature's bytes. The cheap header checks come first, so malformed requests never
/// reach the library.
public struct DiscordRequestVerifier: Sendable, CustomStringConvertible {
    public let publicKey: Ed25519PublicKey
    private let window: RequestTimestampWindow
    private let clock: any WallClock
    private let replays: RecentSignatures?

    /// - Parameters:
    ///   - publicKey: the application's public key (`DISCORD_PUBLIC_KEY`).
    ///   - tolerance: how far, in seconds, the request timestamp may be from now in either direction.
    ///   - clock: the time of day; tests pass a fixed one.
    ///   - replays: where accepted signatures are remembered, to refuse the same request a second
    ///     time (as Slack's verifier does); nil accepts a fresh request as often as it is sent.
    public init(
        publicKey: Ed25519PublicKey, tolerance: TimeInterval = 300, clock: any WallClock, replays: RecentSignatures? = nil
    ) {
        self.publicKey = publicKey
        self.window = RequestTimestampWindow(tolerance: tolerance)
        self.clock = clock
        self.replays = replays
    }

    /// How far, in seconds, the request timestamp may be from now.
    public var tolerance: TimeInterval { window.tolerance }

    public var description: String {
        "DiscordRequestVerifier(publicKey: \(publicKey.hex), tolerance: \(tolerance) s)"
    }
}

extension DiscordRequestVerifier: SignedRequestVerifier {
    package static let timestampHeader = RequestVerificationError.Header.discordTimestamp
    package static let signatureHeader = RequestVerificationError.Header.discordSignature

    package func verify(_ headers: SignedRequestHeaders, body: [UInt8]) throws(RequestVerificationError) {
        let (timestampText, signatureText) = (headers.timestampText, headers.signatureText)
        guard let signature = HexBytes.decode(signatureText), signature.count == Ed25519PublicKey.signatureByteCount else {
            throw .malformedSignature(.discord, length: signatureText.utf8.count)
        }
        let now = clock.now()
        try window.require(headers.timestamp, now: now.timeIntervalSince1970, header: .discordTimestamp)

        // The signature covers the timestamp exactly as sent, not as re-formatted from the parsed number.
        var message = [UInt8]()
        message.reserveCapacity(timestampText.utf8.count + body.count)
        message.append(contentsOf: timestampText.utf8)
        message.append(contentsOf: body)
        guard publicKey.isValidSignature(signature, for: message) else { throw .badSignature(.discord) }
        // Only an authentic request is remembered: a forgery must not evict real entries.
        if let replays, !replays.firstSighting(of: signature, now: now) { throw .replayed(.discord) }
    }
}
