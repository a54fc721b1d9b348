import Foundation
import Testing

@testable import TenkiCore

/// The real-world quirks the fixtures do not all show, one small document each.
@Suite struct FeedParserRobustnessTests {
    static func parse(_ text: String, url: String? = nil) throws -> Feed {
        try FeedParser.parse(Array(text.utf8), url: url.flatMap(URL.init(string:)))
    }

    @Test func relativeLinksResolveAgainstTheFeedURL() throws {
        let feed = try Self.parse(
            "<rss><channel><item><title>a</title><link>/news/1</link>"
                + "<enclosure url=\"img/1.jpg\" type=\"image/jpeg\"/></item></channel></rss>",
            url: "https://example.com/feeds/rss.xml")
        #expect(feed.items.first?.link == "https://example.com/news/1")
        #expect(feed.items.first?.imageURL == "https://example.com/feeds/img/1.jpg")
    }

    @Test func relativeLinksResolveAgainstXMLBaseFirst() throws {
        let feed = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.org/2024/">
              <entry xml:base="posts/"><title>t</title><link href="hello.html"/></entry>
            </feed>
            """, url: "https://elsewhere.example.net/atom.xml")
        #expect(feed.items.first?.link == "https://blog.example.org/2024/posts/hello.html")
    }

    @Test func htmlInTitlesIsStrippedAndEntitiesDecodedOnce() throws {
        let feed = try Self.parse(
            "<rss><channel><item><title>&lt;b&gt;Q&amp;A&lt;/b&gt; &amp;amp; more&#8230;</title></item></channel></rss>")
        #expect(feed.items.first?.title == "Q&A & more…")
    }

    @Test func atomTextTitlesKeepAngleBrackets() throws {
        let feed = try Self.parse(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title type=\"text\">a &lt;b&gt; c</title></entry></feed>")
        #expect(feed.items.first?.title == "a <b> c")
    }

    @Test func contentEncodedIsTheSummaryWhenThereIsNoDescription() throws {
        let feed = try Self.parse(
            """
            <rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><item><title>t</title>
            <content:encoded><![CDATA[<p>Full <em>text</em></p><p>here</p>]]></content:encoded></item></channel></rss>
            """)
        #expect(feed.items.first?.summary == "Full text here")
    }

    @Test func moduleElementsNamedLikeRSSOnesAreNotTakenForThem() throws {
        let feed = try Self.parse(
            """
            <rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><item>
            <itunes:title>wrong</itunes:title><title>right</title></item></channel></rss>
            """)
        #expect(feed.items.first?.title == "right")
    }

    @Test func aSummaryReadsOnlyTheFirst8192CharactersOfItsHTML() throws {
        let article = String(repeating: "<p>word</p>", count: 5_000)
        let feed = try Self.parse("<rss><channel><item><description><![CDATA[\(article)]]></description></item></channel></rss>")
        let summary = try #require(feed.items.first?.summary)
        #expect(summary.hasPrefix("word word"))
        #expect(summary.count <= FeedParser.maxHTMLCharacters)
        #expect(summary.count > 3_000)
    }

    @Test func itemsWithNothingToShowAreDropped() throws {
        let feed = try Self.parse("<rss><channel><item><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item></channel></rss>")
        #expect(feed.items.isEmpty)
    }

    @Test func authorEmailWithANameGivesTheName() throws {
        let feed = try Self.parse(
            "<rss><channel><item><title>t</title><author>sf@example.com (Simon Fell)</author></item></channel></rss>")
        #expect(feed.items.first?.author == "Simon Fell")
    }

    @Test func aByteOrderMarkAndCommentsBeforeTheRootAreSkipped() throws {
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><!-- c --><rss><channel><title>x</title></channel></rss>".utf8)
        #expect(try FeedParser.parse(bytes).title == "x")
    }

    @Test func undeclaredBytesThatAreNotUTF8AreReadAsWindows1252() throws {
        let bytes =
            Array("<rss><channel><item><title>".utf8) + [0x93, 0x51, 0x94, 0x20, 0x80, 0x35]
            + Array("</title></item></channel></rss>".utf8)
        #expect(try FeedParser.parse(bytes).items.first?.title == "\u{201C}Q\u{201D} €5")
    }

    @Test func windows1252DeclaredAsISO88591GivesCurlyQuotes() throws {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><item><title>don".utf8) + [0x92]
            + Array("t caf".utf8) + [0xE9] + Array("</title></item></channel></rss>".utf8)
        #expect(try FeedParser.parse(bytes).items.first?.title == "don\u{2019}t café")
    }
}
