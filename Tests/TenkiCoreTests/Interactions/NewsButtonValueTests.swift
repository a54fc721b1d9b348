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
    }

    @Test(
        "tampered values are refused",
        arguments: [
            ("n1;0;en;x", NewsButtonValue.DecodingError.pageOutOfRange), ("n1;10;en;x", .pageOutOfRange),
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
