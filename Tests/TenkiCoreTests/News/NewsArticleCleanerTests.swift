import Foundation
import Testing

@testable import TenkiCore

@Suite("NewsArticleCleaner")
struct NewsArticleCleanerTests {
    let cleaner = NewsArticleCleaner()

    func wire(
        title: String? = "Title", url: String? = "https://news.test/a", description: String? = nil, image: String? = nil,
        published: String? = "2026-11-28T09:00:00Z", source: String? = "Source"
    ) -> NewsAPIWire.Article {
        NewsAPIWire.Article(
            source: NewsAPIWire.Source(name: source), title: title, description: description, url: url, urlToImage: image,
            publishedAt: published)
    }

    @Test func mapsAPlainArticle() throws {
        let article = try #require(
            cleaner.article(
                from: wire(
                    title: "Vietnam&#8217;s <b>exports</b>\r\n rise",
                    description: "<ul><li>One &amp; two</li><li>Three&hellip;</li></ul>",
                    image: "https://img.test/a.jpg", source: "Reuters")))
        #expect(article.title == "Vietnam’s exports rise")
        #expect(article.summary == "One & two Three…")
        #expect(article.sourceName == "Reuters")
        #expect(article.url.absoluteString == "https://news.test/a")
        #expect(article.imageURL?.absoluteString == "https://img.test/a.jpg")
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_795_856_400))
    }

    @Test(arguments: [
        ("https://img.test/a.jpg", true), ("HTTPS://img.test/a.jpg", true), ("http://img.test/a.jpg", false),
        ("//img.test/a.jpg", false), ("/relative.jpg", false), ("data:image/png;base64,AAAA", false), ("not a url", false),
    ])
    func keepsOnlyHTTPSImages(image: String, kept: Bool) {
        #expect((cleaner.article(from: wire(image: image))?.imageURL != nil) == kept)
    }

    @Test func blankSummaryAndMissingSourceName() throws {
        let article = try #require(cleaner.article(from: wire(description: "<p> &nbsp; </p>", source: nil)))
        #expect(article.summary == nil)
        #expect(article.sourceName == "news.test")
    }

    @Test(arguments: [
        NewsAPIWire.Article(
            source: NewsAPIWire.Source(name: "[Removed]"), title: "[Removed]", description: "[Removed]",
            url: "https://removed.com",
            publishedAt: "1970-01-01T00:00:00Z", content: "[Removed]"),
        NewsAPIWire.Article(title: "[Removed]", url: "https://news.test/x", publishedAt: "2026-11-28T09:00:00Z"),
        NewsAPIWire.Article(title: "Real title", url: "https://removed.com", publishedAt: "2026-11-28T09:00:00Z"),
        NewsAPIWire.Article(title: "Real title", url: "https://news.test/x", publishedAt: "1970-01-01T00:00:00Z"),
    ])
    func dropsRemovedArticles(article: NewsAPIWire.Article) {
        #expect(cleaner.isRemoved(article))
        #expect(cleaner.clean([article]).isEmpty)
    }

    @Test func dropsArticlesWithoutTitleLinkOrDate() {
        let unusable = [
            wire(title: nil), wire(title: "<br>"), wire(url: nil), wire(url: "ftp://news.test/a"), wire(url: "news.test/a"),
            wire(published: nil), wire(published: "last Tuesday"),
        ]
        #expect(cleaner.clean(unusable).isEmpty)
    }

    @Test func dropsDuplicatesByURLAndByTitleKeepingTheFirst() {
        let articles = cleaner.clean([
            wire(title: "First", url: "https://news.test/a", source: "One"),
            wire(title: "Other title", url: "https://NEWS.test/a/", source: "Two"),
            wire(title: "FIRST", url: "https://elsewhere.test/b", source: "Three"),
            wire(title: "First&nbsp;", url: "https://elsewhere.test/c", source: "Four"),
            wire(title: "Second", url: "https://news.test/d", source: "Five"),
        ])
        #expect(articles.map(\.sourceName) == ["One", "Five"])
    }

    @Test func keepsOrder() {
        let titles = ["C", "A", "B"]
        let articles = cleaner.clean(titles.map { wire(title: $0, url: "https://news.test/\($0)") })
        #expect(articles.map(\.title) == titles)
    }
}
