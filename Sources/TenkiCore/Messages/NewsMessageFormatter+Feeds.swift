import Foundation

/// One item of a feed, with the name its feed is shown by.
public struct FeedNewsItem: Sendable, Equatable {
    public var item: FeedItem
    /// The feed's own title, else its configured name.
    public var feedName: String

    public init(item: FeedItem, feedName: String) {
        self.item = item
        self.feedName = feedName
    }
}

extension NewsMessageFormatter {
    /// Up to five items from feeds, in the order given, with the notes about feeds that failed or
    /// were late. Everything from a feed is untrusted: titles, summaries and feed names are escaped,
    /// links go through `Mrkdwn.link`, images must be HTTPS.
    ///
    /// - Parameters:
    ///   - title: the header (plain text).
    ///   - query: what the user searched for, for the "no news" answer.
    ///   - feedNames: the configured names, listed in the context so users learn `/news NAME`.
    public func feedItems(
        _ items: [FeedNewsItem], title: String, notes: [String], query: String?, feedNames: [String], now: Date,
        command: String = "/news"
    ) -> SlackMessage {
        let feedStrings = FeedReplyStrings.table(for: strings.language)
        let shown = Array(items.prefix(Self.maximumArticles))
        let noteElements = notes.prefix(5).map { ContextElement.markdown(Mrkdwn.escape($0)) }
        guard !shown.isEmpty else {
            let text: String
            if let query, !query.isEmpty {
                text =
                    "📰 "
                    + ReplyStrings.fill(strings.noNews, ["query": Mrkdwn.escape(query.truncated(to: 100)), "command": command])
            } else {
                text = "📰 " + feedStrings.nothingArrived
            }
            var blocks: [Block] = [Section.markdown(text)]
            if !noteElements.isEmpty { blocks.append(.context(Array(noteElements))) }
            return SlackMessage(text: text, blocks: blocks, responseType: .ephemeral)
        }
        var blocks: [Block] = [.header("📰 " + title)]
        for (index, entry) in shown.enumerated() {
            if index > 0 { blocks.append(.divider) }
            blocks.append(section(for: entry, now: now))
        }
        let names = feedNames.prefix(8).map { "`" + Mrkdwn.escape($0) + "`" }.joined(separator: ", ")
        let sources = ReplyStrings.fill(feedStrings.sources, ["feeds": names, "command": command])
        blocks.append(.context(Array(noteElements.prefix(9)) + [.markdown(sources)]))
        let titles = shown.map { Self.headline(of: $0.item) }
        let fallback = Mrkdwn.fallback("📰 \(title): " + titles.joined(separator: " · "))
        return SlackMessage(text: fallback, blocks: blocks, responseType: visibility)
    }

    func section(for entry: FeedNewsItem, now: Date) -> Block {
        let item = entry.item
        let headline = Self.headline(of: item).truncated(to: 300)
        var text: String
        if let link = item.link, let url = URL(string: link), ["https", "http"].contains(url.scheme?.lowercased() ?? "") {
            text = "*" + Mrkdwn.link(url.absoluteString, title: headline) + "*"
        } else {
            text = "*" + Mrkdwn.escape(headline) + "*"
        }
        if let summary = item.summary, summary != item.title {
            text += "\n" + Mrkdwn.escape(summary.truncated(to: 280))
        }
        text += "\n" + Mrkdwn.escape(entry.feedName.truncated(to: 80))
        if let published = item.published {
            text += " · " + RelativeTime.ago(published, now: now, strings: strings)
        }
        let image = item.imageURL.flatMap { ImageElement(url: $0, altText: headline) }
        return Section.markdown(text, accessory: image)
    }

    /// The item's title, else the start of its summary, else its link: every item shows something.
    static func headline(of item: FeedItem) -> String {
        item.title ?? item.summary.map { $0.truncated(to: 120) } ?? item.link ?? "—"
    }
}
