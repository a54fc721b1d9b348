import Foundation
import TenkiCore
import TenkiProviders

extension DigestBuilder {
    /// How long a digest waits for its feeds: it is not answering a person, so the fetch's own
    /// timeout decides, and this only bounds a feed that never ends.
    static let feedDeadline: Duration = .seconds(30)

    /// The newest items of the digest's feeds (all, or those it names), merged and deduplicated,
    /// narrowed to `newsQuery`'s words when it has some, skipping what the last digest showed.
    /// Only items with a web link are shown: a digest headline is a link.
    func feedHeadlines(_ content: Content, from feeds: FeedService, excluding seen: Set<String>) async -> GatheredHeadlines {
        let sources = content.newsFeeds.map { names in feeds.sources.filter { names.contains($0.name) } } ?? feeds.sources
        let outcomes = await feeds.collect(sources, within: Self.feedDeadline)
        var items: [FeedNewsItem] = []
        for outcome in outcomes {
            if let error = outcome.error {
                logger.warning("digest feed failed", [("feed", outcome.source.name), ("error", error.description)])
            }
            guard let feed = outcome.feed else { continue }
            items += feed.newsItems(configuredName: outcome.source.name)
        }
        guard !items.isEmpty else { return GatheredHeadlines(headlines: outcomes.isEmpty ? .omitted : .failed) }
        var sorted = FeedItemMerge.newestFirst(items, item: \.item)
        if let words = content.newsQuery.map(NewsSearchQuery.init) { sorted = sorted.filter { words.matches($0.item) } }
        var shown: [NewsArticle] = []
        var urls = seen
        var linked = 0
        for entry in FeedItemMerge.deduplicated(sorted, item: \.item) {
            guard let article = Self.article(entry) else { continue }
            linked += 1
            guard !urls.contains(article.url.absoluteString) else { continue }
            urls.insert(article.url.absoluteString)
            shown.append(article)
            if shown.count == DigestMessageFormatter.maximumHeadlines { break }
        }
        // The feeds the shown headlines came from, each once, in order (or every feed read, when none is shown).
        var names: [String] = []
        for name in shown.isEmpty ? outcomes.compactMap({ $0.feed == nil ? nil : $0.source.name }) : shown.map(\.sourceName)
        where !names.contains(name) {
            names.append(name)
        }
        return GatheredHeadlines(headlines: .articles(shown), sources: names, foundNone: linked == 0)
    }

    /// An item as a headline, when it has a title and an http(s) link.
    static func article(_ entry: FeedNewsItem) -> NewsArticle? {
        guard let link = entry.item.link, let url = URL(string: link),
            ["https", "http"].contains(url.scheme?.lowercased() ?? ""),
            let title = entry.item.title ?? entry.item.summary
        else { return nil }
        return NewsArticle(
            title: title, sourceName: entry.feedName, url: url, summary: entry.item.summary,
            publishedAt: entry.item.published ?? .distantPast)
    }
}
