import Testing

@testable import TenkiBase

/// Header names compare ASCII-case-insensitively, whatever their length or bytes.
@Suite("HTTPHeaders look-ups")
struct HTTPHeadersTests {
    @Test("isHeaderName is equalsIgnoringASCIICase, lengths first")
    func isHeaderNameMatchesTheCaseInsensitiveComparison() {
        let pairs: [(String, String)] = [
            ("Content-Length", "content-length"), ("X-Slack-Signature", "x-slack-signature"), ("Host", "Hosts"),
            ("Content-Type", "Content-Tzpe"), ("", ""), ("É", "é"), ("X-Slack-Request-Timestamp", "X-SLACK-REQUEST-TIMESTAMP"),
        ]
        for (lhs, rhs) in pairs {
            #expect(lhs.isHeaderName(rhs) == lhs.equalsIgnoringASCIICase(rhs), "\(lhs) / \(rhs)")
        }
        #expect("Content-Length".isHeaderName("CONTENT-LENGTH"))
        #expect(!"Content-Length".isHeaderName("Content-Lengths"))
        #expect(!"É".isHeaderName("é"))
    }

    @Test("a repeated header is counted whatever the case of each copy")
    func occurrencesCountEveryCase() {
        let headers: HTTPHeaders = ["X-Slack-Signature": "a", "Host": "h", "x-slack-signature": "b"]
        let found = headers.occurrences(of: "X-SLACK-SIGNATURE")
        #expect(found.first == "a" && found.count == 2)
        #expect(headers["host"] == "h")
        #expect(headers["Hosts"] == nil)
    }

    @Test("byte strings of every length compare as a byte-by-byte fold would, a difference anywhere")
    func foldedComparisonOfEveryLengthAndPosition() {
        func lower(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte }
        func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
            lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in ASCIICase.equal(l, r) } }
        }
        let name = Array("X-Slack-Request-Timestamp-And-More".utf8)
        for length in 0...name.count {
            let lhs = Array(name[..<length])
            for position in 0..<length {
                for replacement: UInt8 in [UInt8(ascii: "x"), UInt8(ascii: "Q"), 0x40, 0x60, 0xC9] {
                    var rhs = lhs
                    rhs[position] = replacement
                    let expected = zip(lhs, rhs).allSatisfy { lower($0) == lower($1) }
                    #expect(equal(lhs, rhs) == expected, "\(length) \(position) \(replacement)")
                }
            }
            #expect(equal(lhs, lhs.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 0x20 : $0 }))
        }
    }
}
