import Foundation

/// Up to five articles (a page of them): a linked title, the source and its age, and a thumbnail
/// when the article has an https image. Slack unfurls nothing here; the message is complete on its own.
public struct NewsMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var visibility: ChatMessage.Visibility
    public static let maximumArticles = 5

    public init(language: WeatherLanguage, visibility: ChatMessage.Visibility = .inChannel) {
        self.strings = .table(for: language)
        self.visibility = visibility
    }

    /// - Parameter staleContext: a note ("as of 40 min ago") when older news is served because
    ///   the provider failed or the daily budget is spent.
    /// - Parameter page: which five to show (0: the first), clamped to the last page there is.
    public func articles(
        _ articles: [NewsArticle], topic: NewsTopic, now: Date, command: String = "/news", staleContext: String? = nil,
        page: Int = 0
    ) -> ChatMessage {
        let title = self.title(for: topic)
        guard !articles.isEmpty else {
            let query: String
            switch topic {
            case .search(let text): query = text
            case .headlines(let category): query = category?.rawValue ?? strings.topHeadlines
            }
            let text = RichText.markup("📰 ")
                + RichText.fill(strings.noNews, ["query": .text(query.truncated(to: 100)), "command": .literal(command)])
            return ChatMessage(summary: text, parts: [.paragraph(text, image: nil)], visibility: .ephemeral)
        }
        var parts: [ChatMessage.Part] = [.title("📰 " + title)]
        let lastPage = (articles.count - 1) / Self.maximumArticles
        let shown = Array(articles.dropFirst(min(max(0, page), lastPage) * Self.maximumArticles).prefix(Self.maximumArticles))
        for (index, article) in shown.enumerated() {
            if index > 0 { parts.append(.divider) }
            parts.append(paragraph(for: article, now: now))
        }
        var context: [RichText] = [.markup(strings.newsSource)]
        if let staleContext { context.insert(.markup(staleContext), at: 0) }
        parts.append(.context(context))
        let summary = "📰 \(title): " + shown.map(\.title).joined(separator: " · ")
        return ChatMessage(summary: .text(summary), parts: parts, visibility: visibility)
    }

    func title(for topic: NewsTopic) -> String {
        switch topic {
        case .headlines(nil): strings.topHeadlines
        case .headlines(let category?): ReplyStrings.fill(strings.categoryHeadlines, ["category": category.rawValue])
        case .search(let query): ReplyStrings.fill(strings.newsSearchTitle, ["query": query])
        }
    }

    func paragraph(for article: NewsArticle, now: Date) -> ChatMessage.Part {
        var text = RichText.link(article.url.absoluteString, title: article.title.truncated(to: 300), bold: true)
        if let summary = article.summary, !summary.isEmpty {
            text += .text("\n" + summary.truncated(to: 280))
        }
        text += .text("\n" + article.sourceName + " · ") + .markup(RelativeTime.ago(article.publishedAt, now: now, strings: strings))
        let image = article.imageURL.map { ChatImage(url: $0.absoluteString, altText: article.title) }
        return .paragraph(text, image: image)
    }
}
