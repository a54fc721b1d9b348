import Testing
@testable import TenkiCore

@Suite("More-headlines button values")
struct NewsButtonValueTests {
    @Test("a value round-trips, its text last so it may hold the separator")
    func roundTrip() throws {
        let value = NewsButtonValue(page: 2, language: .ja, text: "ベトナム; 台風")
        #expect(value.encoded == "n1;2;ja;ベトナム; 台風")
        #expect(try NewsButtonValue(encoded: value.encoded) == value)
        #expect(try NewsButtonValue(encoded: "n1;1;en;") == NewsButtonValue(page: 1, language: .en, text: ""))
        // Page 0, the first, is what a first page's Share carries.
        #expect(try NewsButtonValue(encoded: "n1;0;en;x") == NewsButtonValue(page: 0, language: .en, text: "x"))
    }

    @Test("the row under a page: More while more exist, Share on a private result, each naming its page")
    func row() throws {
        func buttons(total: Int, page: Int, share: Bool, text: String = "x") -> [ChatButton] {
            guard case .buttons(let buttons) = NewsButtonValue.row(
                total: total, page: page, language: .en, text: text, offersShare: share) else { return [] }
            return buttons
        }
        let both = buttons(total: 12, page: 0, share: true)
        #expect(both.map(\.actionID) == ["tenki.news.more", "tenki.share"])
        #expect(try both.map { try NewsButtonValue(encoded: $0.value).page } == [1, 0])
        #expect(buttons(total: 12, page: 2, share: true).map(\.actionID) == ["tenki.share"], "the last page has no More")
        #expect(buttons(total: 12, page: 0, share: false).map(\.actionID) == ["tenki.news.more"])
        #expect(NewsButtonValue.row(total: 3, page: 0, language: .en, text: "x", offersShare: false) == nil)
        #expect(buttons(total: 0, page: 0, share: true).isEmpty, "nothing to share when nothing was found")
        #expect(buttons(total: 12, page: 0, share: true, text: "a\u{0}b").isEmpty, "a text the value cannot carry back")
        #expect(NewsButtonValue.isNews(both[1].value) && !NewsButtonValue.isNews("w1;now;1;2;metric;en;X"))
    }

    @Test(
        "tampered values are refused",
        arguments: [
            ("n1;10;en;x", NewsButtonValue.DecodingError.pageOutOfRange),
            ("n1;-1;en;x", .pageOutOfRange), ("n1;1e2;en;x", .pageOutOfRange), ("n1;;en;x", .pageOutOfRange),
            ("n1;1;xx;x", .unknownLanguage), ("n1;1;en;a\u{0}b", .badText), ("n1;1;en", .malformed), ("w1;1;en;x", .malformed),
        ])
    func refused(encoded: String, error: NewsButtonValue.DecodingError) {
        #expect(throws: error) { try NewsButtonValue(encoded: encoded) }
    }

    @Test("a text longer than 200 characters is refused")
    func tooLong() {
        #expect(throws: NewsButtonValue.DecodingError.badText) {
            try NewsButtonValue(encoded: "n1;1;en;" + String(repeating: "x", count: 201))
        }
    }
}
