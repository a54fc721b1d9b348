import Foundation
import Testing

@testable import TenkiCore

@Suite struct FeedItemMergeTests {
    @Test func theSameLinkInAnotherFeedIsDroppedKeepingTheFirst() {
        let items = [
            FeedItem(title: "Rain in Hanoi", link: "https://vnexpress.net/a-1.html"),
            FeedItem(title: "Mưa ở Hà Nội", link: "HTTPS://VNEXPRESS.NET/a-1.html#comments"),
            FeedItem(title: "Other", link: "https://vnexpress.net/a-2.html/"),
            FeedItem(title: "Other again", link: "https://vnexpress.net/a-2.html"),
        ]
        #expect(FeedItemMerge.deduplicated(items).map(\.title) == ["Rain in Hanoi", "Other"])
    }

    @Test func theSameTitleWithDifferentLinksIsOneStory() {
        let items = [
            FeedItem(title: "Đà Nẵng hosts fireworks", link: "https://a.example/1?utm_source=rss"),
            FeedItem(title: "đà nẵng HOSTS fireworks", link: "https://b.example/2"),
            FeedItem(title: nil, link: "https://c.example/3", summary: "untitled"),
            FeedItem(title: nil, link: "https://c.example/4", summary: "untitled too"),
        ]
        #expect(
            FeedItemMerge.deduplicated(items).map(\.link) == [
                "https://a.example/1?utm_source=rss", "https://c.example/3", "https://c.example/4",
            ])
    }

    @Test func newestFirstWithUndatedItemsLastInTheirOrder() {
        let items = [
            FeedItem(title: "undated 1", link: nil),
            FeedItem(title: "old", link: nil, published: Date(timeIntervalSince1970: 100)),
            FeedItem(title: "undated 2", link: nil),
            FeedItem(title: "new", link: nil, published: Date(timeIntervalSince1970: 300)),
            FeedItem(title: "old too", link: nil, published: Date(timeIntervalSince1970: 100)),
        ]
        #expect(FeedItemMerge.newestFirst(items).map(\.title) == ["new", "old", "old too", "undated 1", "undated 2"])
    }

    @Test func linkKeysIgnoreCaseOfSchemeAndHostOnly() {
        #expect(FeedItemMerge.linkKey("HTTPS://Example.COM/Path/") == "https://example.com/Path")
        #expect(FeedItemMerge.linkKey("https://example.com/Path") != FeedItemMerge.linkKey("https://example.com/path"))
    }
}
