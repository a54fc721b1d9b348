import Testing
import TenkiCore

@Suite("Trimming whitespace")
struct WhitespaceTrimmingTests {
    @Test("spaces, tabs, newlines and the ideographic space go from both ends; inner ones stay", arguments: [
        ("  a b \t", "a b"),
        ("\n secret,\r\n", "secret,"),
        ("\u{3000}東京\u{3000}", "東京"),
        ("   ", ""),
        ("", ""),
        ("x", "x"),
    ])
    func trims(text: String, expected: String) {
        #expect(text.trimmingWhitespace() == expected)
        #expect(text[...].trimmingWhitespace() == expected)  // a Substring, as `split` gives
    }
}
