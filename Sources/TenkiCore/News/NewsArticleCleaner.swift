import Foundation

/// Maps NewsAPI's articles to `NewsArticle`s a user wants to read. Pure and deterministic.
///
/// What it removes, and why:
/// - Tombstones: articles taken down at the publisher's request stay in NewsAPI's index as
///   `"[Removed]"` with the URL `https://removed.com` and the date 1970-01-01. Any one of those
///   markers is enough, since the other fields are not always all replaced.
/// - Duplicates: the same story syndicated twice (same URL), or re-posted under a new URL with the
///   same title. Compared without case; the first one (NewsAPI's own ranking) is kept.
/// - Articles without a title, a web link or a readable date: there is nothing to show or open.
///
/// What it changes: titles, summaries and source names become plain text (`HTMLText`); an
/// image is kept only when it is `https`; an empty summary becomes nil.
public struct NewsArticleCleaner: Sendable {
    public init() {}

    /// The marker NewsAPI puts in every text field of a removed article.
    public static let removedMarker = "[Removed]"
    public static let removedHost = "removed.com"

    public func clean(_ articles: [NewsAPIWire.Article]) -> [NewsArticle] {
        var seenURLs: Set<String> = []
        var seenTitles: Set<String> = []
        var result: [NewsArticle] = []
        for wire in articles {
            guard let article = article(from: wire) else { continue }
            let urlKey = Self.urlKey(article.url)
            let titleKey = article.title.lowercased()
            guard !seenURLs.contains(urlKey), !seenTitles.contains(titleKey) else { continue }
            seenURLs.insert(urlKey)
            seenTitles.insert(titleKey)
            result.append(article)
        }
        return result
    }

    /// One article on its own, or nil when it is a tombstone or lacks a title, link or date.
    /// (Duplicates can only be seen across a list: see `clean(_:)`.)
    public func article(from wire: NewsAPIWire.Article) -> NewsArticle? {
        guard !isRemoved(wire),
            let rawTitle = wire.title, case let title = HTMLText.plainText(rawTitle), !title.isEmpty,
            let url = wire.url.flatMap({ Self.webURL($0, schemes: ["https", "http"]) }),
            let published = wire.publishedAt.flatMap(ISO8601Timestamp.parse)
        else { return nil }
        let summary = wire.description.map(HTMLText.plainText).flatMap { $0.isEmpty ? nil : $0 }
        let source = wire.source?.name.map(HTMLText.plainText).flatMap { $0.isEmpty ? nil : $0 }
        return NewsArticle(
            title: title, sourceName: source ?? url.host ?? "", url: url, summary: summary,
            imageURL: wire.urlToImage.flatMap { Self.webURL($0, schemes: ["https"]) }, publishedAt: published)
    }

    /// Whether NewsAPI has replaced this article with its takedown placeholder.
    public func isRemoved(_ wire: NewsAPIWire.Article) -> Bool {
        if wire.title?.trimmingCharacters(in: .whitespaces) == Self.removedMarker { return true }
        if let url = wire.url, let host = URL(string: url.trimmingCharacters(in: .whitespaces))?.host?.lowercased(),
            host == Self.removedHost || host == "www." + Self.removedHost
        {
            return true
        }
        if let text = wire.publishedAt, let date = ISO8601Timestamp.parse(text), date.timeIntervalSince1970 < 86_400 {
            return true
        }
        return false
    }

    /// `text` as an absolute URL with one of `schemes` and a host, or nil.
    static func webURL(_ text: String, schemes: Set<String>) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let scheme = url.scheme?.lowercased(), schemes.contains(scheme),
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// The URL as compared for duplicates: without case and without a trailing `/`.
    static func urlKey(_ url: URL) -> String {
        var text = url.absoluteString.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
