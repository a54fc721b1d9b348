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
}
