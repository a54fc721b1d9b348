import Foundation

/// Up to five articles: a linked title, the source and its age, and a thumbnail when the article
/// has an https image. Slack unfurls nothing here; the message is complete on its own.
public struct NewsMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var visibility: SlackMessage.ResponseType
    public static let maximumArticles = 5

    public init(language: WeatherLanguage, visibility: SlackMessage.ResponseType = .inChannel) {
        self.strings = .table(for: language)
        self.visibility = visibility
    }

    /// - Parameter staleContext: a note ("as of 40 min ago") when older news is served because
    ///   the provider failed or the daily budget is spent.
    public func articles(_ articles: [NewsArticle], topic: NewsTopic, now: Date, command: String = "/news", staleContext: String? = nil) -> SlackMessage {
        let title = self.title(for: topic)
        guard !articles.isEmpty else {
            let query: String
            switch topic {
            case .search(let text): query = text
            case .headlines(let category): query = category?.rawValue ?? strings.topHeadlines
            }
            let text = "📰 " + ReplyStrings.fill(strings.noNews, ["query": Mrkdwn.escape(query.truncated(to: 100)), "command": command])
            return SlackMessage(text: text, blocks: [Section.markdown(text)], responseType: .ephemeral)
        }
        var blocks: [Block] = [.header("📰 " + title)]
        let shown = Array(articles.prefix(Self.maximumArticles))
        for (index, article) in shown.enumerated() {
            if index > 0 { blocks.append(.divider) }
            blocks.append(section(for: article, now: now))
        }
        var context: [ContextElement] = [.markdown(strings.newsSource)]
        if let staleContext { context.insert(.markdown(staleContext), at: 0) }
        blocks.append(.context(context))
        let fallback = Mrkdwn.fallback("📰 \(title): " + shown.map(\.title).joined(separator: " · "))
        return SlackMessage(text: fallback, blocks: blocks, responseType: visibility)
    }

    func title(for topic: NewsTopic) -> String {
        switch topic {
        case .headlines(nil): strings.topHeadlines
        case .headlines(let category?): ReplyStrings.fill(strings.categoryHeadlines, ["category": category.rawValue])
        case .search(let query): ReplyStrings.fill(strings.newsSearchTitle, ["query": query])
        }
    }

    func section(for article: NewsArticle, now: Date) -> Block {
        var text = "*" + Mrkdwn.link(article.url.absoluteString, title: article.title.truncated(to: 300)) + "*"
        if let summary = article.summary, !summary.isEmpty {
            text += "\n" + Mrkdwn.escape(summary.truncated(to: 280))
        }
        text += "\n" + Mrkdwn.escape(article.sourceName) + " · " + RelativeTime.ago(article.publishedAt, now: now, strings: strings)
        let image = article.imageURL.flatMap { ImageElement(url: $0.absoluteString, altText: article.title) }
        return Section.markdown(text, accessory: image)
    }
}
