import Testing
@testable import TenkiHTTPServer

/// The common header names and values the parser turns into constants instead of new strings: a field
/// becomes a constant only when every byte is the same.
@Suite("Header field constants")
struct FieldConstantsTests {
    let constants = HTTPRequestParser.ByLength(["*/*", "keep-alive", "Accept", "Content-Type", "X-Slack-Signature", "abcdefgh"])

    func lookUp(_ text: String) -> String? {
        lookUp(text, in: constants)
    }

    func lookUp(_ text: String, in constants: HTTPRequestParser.ByLength) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { HTTPRequestParser.constant($0, in: constants) }
    }

    @Test("a field equal to a constant of any length is that constant", arguments: [
        "*/*", "keep-alive", "Accept", "Content-Type", "X-Slack-Signature", "abcdefgh",
    ])
    func equalFields(_ field: String) {
        #expect(lookUp(field) == field)
    }

    @Test("one byte different anywhere, another case or another length is no constant", arguments: [
        "*/+", "keep-alivf", "Xeep-alive", "accept", "Content-Typ", "Content-Types", "X-Slack-Signaturf",
        "abcdefgH", "", "x", String(repeating: "a", count: 200),
    ])
    func differentFields(_ field: String) {
        #expect(lookUp(field) == nil)
    }

    @Test("the parser's own tables hold what Slack sends")
    func parserTables() {
        for name in ["Host", "Content-Type", "Content-Length", "X-Slack-Request-Timestamp", "X-Slack-Signature", "User-Agent"] {
            #expect(lookUp(name, in: HTTPRequestParser.commonFieldNames) == name)
        }
        let agent = "Slackbot 1.0 (+https://api.slack.com/robots)"
        #expect(lookUp(agent, in: HTTPRequestParser.commonFieldValues) == agent)
    }
}
