import Foundation

/// One item of a feed, with the name its feed is shown by.
public struct FeedNewsItem: Sendable, Equatable {
    public var item: FeedItem
    /// The feed's own title, else its configured name.
    public var feedName: String
}

extension Feed {
    /// Its items, each shown with the feed's own title, else with `configuredName`.
    public func newsItems(configuredName: String) -> [FeedNewsItem] {
        items.map { FeedNewsItem(item: $0, feedName: title ?? configuredName) }
    }
}

extension NewsMessageFormatter {
    /// Up to five items from feeds (page `page` of them), in the order given, with the notes about feeds that failed or
    /// were late. Everything from a feed is untrusted: titles, summaries and feed names are escaped,
    /// links go through `Mrkdwn.link`, images must be HTTPS.
    ///
    /// - Parameters:
    ///   - title: the header (plain text).
    ///   - query: what the user searched for, for the "no news" answer.
    ///   - feedNames: the configured names, listed in the context so users learn `/news NAME`.
    public func feedItems(
        _ items: [FeedNewsItem], title: String, notes: [String], query: String?, feedNames: [String], now: Date,
        command: String = "/news", page: Int = 0
    ) -> ChatMessage {
        let feedStrings = FeedReplyStrings.table(for: strings.language)
        let lastPage = max(0, items.count - 1) / Self.maximumArticles
        let shown = Array(items.dropFirst(min(max(0, page), lastPage) * Self.maximumArticles).prefix(Self.maximumArticles))
        let noteLines = notes.prefix(5).map { RichText.text($0) }
        guard !shown.isEmpty else {
            let text: RichText
            if let query, !query.isEmpty {
                text = RichText.markup("📰 ")
                    + RichText.fill(strings.noNews, ["query": .text(query.truncated(to: 100)), "command": .literal(command)])
            } else {
                text = .markup("📰 " + feedStrings.nothingArrived)
            }
            var parts: [ChatMessage.Part] = [.paragraph(text, image: nil)]
            if !noteLines.isEmpty { parts.append(.context(Array(noteLines))) }
            return ChatMessage(summary: text, parts: parts, visibility: .ephemeral)
        }
        var parts: [ChatMessage.Part] = [.title("📰 " + title)]
        for (index, entry) in shown.enumerated() {
            if index > 0 { parts.append(.divider) }
            parts.append(paragraph(for: entry, now: now))
        }
        let names = RichText.joined(feedNames.prefix(8).map { .markup("`") + .literal($0) + .markup("`") }, separator: ", ")
        let sources = RichText.fill(feedStrings.sources, ["feeds": names, "command": .literal(command)])
        parts.append(.context(Array(noteLines.prefix(9)) + [sources]))
        let summary = "📰 \(title): " + shown.map { Self.headline(of: $0.item) }.joined(separator: " · ")
        return ChatMessage(summary: .text(summary), parts: parts, visibility: visibility)
    }

    func paragraph(for entry: FeedNewsItem, now: Date) -> ChatMessage.Part {
        let item = entry.item
        let headline = Self.headline(of: item).truncated(to: 300)
        var text: RichText
        if let link = item.link, let url = URL(string: link), ["https", "http"].contains(url.scheme?.lowercased() ?? "") {
            text = .link(url.absoluteString, title: headline, bold: true)
        } else {
            text = .bold(headline)
        }
        if let summary = item.summary, summary != item.title {
            text += .text("\n" + summary.truncated(to: 280))
        }
        text += .text("\n" + entry.feedName.truncated(to: 80))
        if let published = item.published {
            text += .markup(" · " + RelativeTime.ago(published, now: now, strings: strings))
        }
        let image = item.imageURL.flatMap { $0.lowercased().hasPrefix("https://") ? ChatImage(url: $0, altText: headline) : nil }
        return .paragraph(text, image: image)
    }

    /// The item's title, else the start of its summary, else its link: every item shows something.
    static func headline(of item: FeedItem) -> String {
        item.title ?? item.summary.map { $0.truncated(to: 120) } ?? item.link ?? "—"
    }
}
