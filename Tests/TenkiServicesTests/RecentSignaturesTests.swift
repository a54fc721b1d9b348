import Foundation
import Testing

@testable import TenkiSecurity

@Suite("Replays are refused")
struct RecentSignaturesTests {
    typealias Example = SlackRequestVerifierTests

    @Test("the same signed request is accepted once; a forgery is not remembered and cannot block the real one")
    func onceOnly() throws {
        let replays = RecentSignatures(capacity: 100, hold: 600)
        let verifier = SlackRequestVerifier(signingSecrets: [Example.secret], clock: FixedClock(Example.now), replays: replays)
        var tampered = Example.body
        tampered[0] ^= 1
        #expect(throws: RequestVerificationError.badSignature(.slack)) { try Example.sample.verify(verifier, body: tampered) }
        #expect(replays.count == 0)
        try Example.sample.verify(verifier)
        #expect(throws: RequestVerificationError.replayed(.slack)) { try Example.sample.verify(verifier) }
        // The same request signed with the other case of hex digits is the same signature.
        #expect(throws: RequestVerificationError.replayed(.slack)) {
            try Example.sample.verify(verifier, signatures: ["v0=" + Example.signature.dropFirst(3).uppercased()])
        }
        #expect(RequestVerificationError.replayed(.slack).reason == "replayed")
    }

    @Test("an entry is forgotten after its hold, by which time the timestamp window refuses the request anyway")
    func expiry() {
        let replays = RecentSignatures(capacity: 100, hold: 600)
        let signature = [UInt8](repeating: 7, count: 32)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(replays.firstSighting(of: signature, now: start))
        #expect(!replays.firstSighting(of: signature, now: start.addingTimeInterval(599)))
        #expect(replays.firstSighting(of: signature, now: start.addingTimeInterval(600)))
    }

    @Test("memory is bounded: past the capacity the oldest are forgotten first, and the store compacts")
    func capacity() {
        let replays = RecentSignatures(capacity: 1000, hold: 600)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func signature(_ number: Int) -> [UInt8] { withUnsafeBytes(of: UInt64(number).bigEndian, Array.init) + [UInt8](repeating: 1, count: 24) }
        for number in 0..<10_000 { #expect(replays.firstSighting(of: signature(number), now: now)) }
        #expect(replays.count == 1000)
        #expect(replays.firstSighting(of: signature(0), now: now), "forgotten: the oldest went first")
        #expect(!replays.firstSighting(of: signature(9_999), now: now), "the newest are kept")
    }
}
