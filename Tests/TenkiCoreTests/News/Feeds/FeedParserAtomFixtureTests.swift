import Foundation
import Testing

@testable import TenkiCore

/// Real Atom feeds (provenance in Tests/Fixtures/feeds/README.md), each with its first entries pinned.
@Suite struct FeedParserAtomFixtureTests {
    @Test func japaneseAtomFeedWithHTMLContent() throws {
        let feed = try FeedFixtures.parse("qiita_popular-items_2023_atom_ja.xml")
        #expect(feed.title == "Qiita - 人気の記事")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.title == "Kubernetesに腰を据えて入門する方向けのロードマップ")
        #expect(
            first.link
                == "https://qiita.com/riita10069/items/292c90b008e3714ee88b"
                + "?utm_campaign=popular_items&utm_medium=feed&utm_source=popular_items"
        )
        #expect(first.published == FeedFixtures.date("2023-02-05T19:36:38+09:00"))
        #expect(first.author == "riita10069")
        #expect(first.summary?.hasPrefix("背景 最近、「コンテナはもうわかってきたので") == true)
        #expect(feed.items[1].title == "Nostrプロトコル(damus)を触ってみた")
    }

    @Test func rfc4287ExampleWithXHTMLContentAndAnAudioEnclosure() throws {
        let feed = try FeedFixtures.parse("rfc4287_extensive_example_atom_xhtml.xml")
        #expect(feed.title == "dive into mark")
        let first = try #require(feed.items.first)
        #expect(first.title == "Atom draft-07 snapshot")
        #expect(first.link == "http://example.org/2005/04/02/atom")
        #expect(first.summary == "[Update: The Atom draft is finished.]")
        #expect(first.published == FeedFixtures.date("2003-12-13T08:29:29-04:00"))
        #expect(first.author == "Mark Pilgrim")
        #expect(first.imageURL == nil)
    }

    @Test func wikipediaExamplePrefersTheHTMLAlternateLink() throws {
        let feed = try FeedFixtures.parse("wikipedia_atom_example_xhtml_content_two_alternate_links.xml")
        #expect(feed.title == "Example Feed")
        #expect(
            feed.items == [
                FeedItem(
                    title: "Atom-Powered Robots Run Amok", link: "http://example.org/2003/12/13/atom03.html",
                    summary: "Some text.", published: FeedFixtures.date("2003-12-13T18:30:02Z"), author: "John Doe")
            ])
    }

    @Test func everyFixtureParsesWithItems() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.appendingPathComponent("feeds").path)
            .filter { $0.hasSuffix(".xml") }
        #expect(names.count >= 15)
        for name in names {
            let feed = try FeedFixtures.parse(name)
            #expect(!feed.items.isEmpty, "\(name)")
        }
    }
}
