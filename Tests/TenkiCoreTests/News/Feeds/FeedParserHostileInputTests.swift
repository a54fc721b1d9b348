import Foundation
import Testing

@testable import TenkiCore

/// Documents built to exhaust a parser: each is refused with the error that names its trick.
@Suite struct FeedParserHostileInputTests {
    static func parse(_ text: String, limits: FeedLimits = .standard) -> Result<Feed, FeedParseError> {
        Result { () throws(FeedParseError) in try FeedParser.parse(Array(text.utf8), limits: limits) }
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
        ]>
        <rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>
        """

    @Test func billionLaughsIsRefusedAtItsDoctype() {
        #expect(Self.parse(Self.billionLaughs) == .failure(.refusedDoctype(offset: 22)))
    }

    @Test func externalEntityReachingForALocalFileIsRefusedAtItsDoctype() {
        let xxe = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <rss version="2.0"><channel><item><title>&xxe;</title></item></channel></rss>
            """
        guard case .failure(.refusedDoctype) = Self.parse(xxe) else {
            Issue.record("the XXE document was not refused: \(Self.parse(xxe))")
            return
        }
    }

    @Test func parameterEntityDoctypeWithoutAnyEntityUseIsRefusedToo() throws {
        let text = "<!DOCTYPE rss [ <!ENTITY % remote SYSTEM \"http://127.0.0.1/evil.dtd\"> %remote; ]><rss/>"
        #expect(Self.parse(text) == .failure(.refusedDoctype(offset: 0)))
    }

    @Test func entityUseWithoutADeclarationStaysLiteralText() throws {
        // A DOCTYPE pointing at an external DTD is skipped, never fetched; its entities are unknown.
        let text = """
            <!DOCTYPE rss SYSTEM "file:///etc/passwd">
            <rss version="2.0"><channel><item><title>&xxe; and &amp;</title></item></channel></rss>
            """
        #expect(try Self.parse(text).get().items.first?.title == "&xxe; and &")
    }

    @Test func deeplyNestedDocumentIsRefusedAtTheDepthLimit() {
        let depth = 100_000
        let text = "<rss>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</rss>"
        #expect(Self.parse(text) == .failure(.tooLarge(.depth(64))))
    }

    @Test func hugeAttributeIsRefusedAtTheAttributeLimit() {
        let text = "<rss version=\"" + String(repeating: "A", count: 3 << 20) + "\"><channel/></rss>"
        #expect(Self.parse(text) == .failure(.tooLarge(.attributeBytes(16 << 10))))
    }

    @Test func tooManyElementsAreRefused() {
        let text = "<rss><channel>" + String(repeating: "<item/>", count: 101) + "</channel></rss>"
        #expect(Self.parse(text, limits: FeedLimits(maxElements: 100)) == .failure(.tooLarge(.elements(100))))
    }

    @Test func documentOverTheByteLimitIsRefusedBeforeReading() {
        let limits = FeedLimits(maxDocumentBytes: 1 << 20)
        let text = "<rss><channel>" + String(repeating: "<item><title>x</title></item>", count: 40_000) + "</channel></rss>"
        #expect(Self.parse(text, limits: limits) == .failure(.tooLarge(.documentBytes(1 << 20))))
    }

    @Test func aReferenceNeverExpandsToMoreThanOneCharacter() throws {
        let many = String(repeating: "&#x10FFFF;&amp;&rsquo;&lol;", count: 1_000)
        let text = "<rss><channel><item><description>\(many)</description></item></channel></rss>"
        let summary = try #require(try Self.parse(text).get().items.first?.summary)
        #expect(summary.utf8.count < many.utf8.count)
    }

    @Test func notAFeed() {
        #expect(Self.parse("<!DOCTYPE html><html><body>hi</body></html>") == .failure(.notAFeed(root: "html")))
        #expect(Self.parse("{\"articles\": []}") == .failure(.notAFeed(root: nil)))
    }

    @Test func malformedDocumentsSayWhere() {
        #expect(Self.parse("<rss><channel></rss>") == .failure(.malformed(reason: "</rss> closes <channel>", offset: 14)))
        guard case .failure(.malformed) = Self.parse("<rss><channel><title>cut off") else {
            Issue.record("a truncated document was accepted")
            return
        }
        guard case .failure(.malformed) = Self.parse("") else {
            Issue.record("an empty document was accepted")
            return
        }
    }

    @Test func unsupportedEncodingIsNamed() {
        let text = "<?xml version=\"1.0\" encoding=\"x-klingon\"?><rss/>"
        #expect(
            Self.parse(text) == .failure(.malformed(reason: "the encoding x-klingon is not supported (UTF-8 is)", offset: 0)))
    }

    @Test func errorsReadAsOneLineForAReply() {
        #expect(FeedParseError.refusedDoctype(offset: 0).description.contains("refused"))
        #expect(
            FeedParseError.tooLarge(.documentBytes(4_194_304)).description == "the feed is too large: more than 4194304 bytes")
    }
}
