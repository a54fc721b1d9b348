import Testing
import TenkiBase

/// `ShortBytes.equal` agrees with a byte-by-byte comparison for every length it is used at and a
/// difference at any position, and reads no byte past the length it is given.
@Suite("ShortBytes")
struct ShortBytesTests {
    @Test("equal for every length from 0 to 70; a one-byte difference anywhere is found")
    func everyLengthAndPosition() {
        let text = Array("application/x-www-form-urlencoded; Slackbot 1.0 (+https://api.slack.com/robots)".utf8)
        for length in 0...70 {
            let lhs = Array(text[..<length])
            #expect(Self.equal(lhs, lhs), "\(length)")
            for position in 0..<length {
                for flip: UInt8 in [0x01, 0x20, 0x80] {
                    var rhs = lhs
                    rhs[position] ^= flip
                    #expect(!Self.equal(lhs, rhs), "\(length) \(position) \(flip)")
                }
            }
        }
    }

    @Test("only the first count bytes decide")
    func onlyTheCountedBytesDecide() {
        // The same first 11 bytes, different after: equal at 11 and below, not at 12.
        let lhs = Array("X-Slack-Sig+nature".utf8), rhs = Array("X-Slack-Sig-nature".utf8)
        for count in 0...11 { #expect(Self.equal(lhs, rhs, count: count), "\(count)") }
        #expect(!Self.equal(lhs, rhs, count: 12))
    }

    static func equal(_ lhs: [UInt8], _ rhs: [UInt8], count: Int? = nil) -> Bool {
        let padded = lhs + [0], other = rhs + [0]  // a valid address even at length 0
        return padded.withUnsafeBytes { l in
            other.withUnsafeBytes { r in ShortBytes.equal(l.baseAddress!, r.baseAddress!, count: count ?? lhs.count) }
        }
    }
}
