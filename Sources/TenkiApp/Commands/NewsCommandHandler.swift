import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// `/news`: top headlines, a category's headlines, or a search, as up to five linked articles.
struct NewsCommandHandler: Sendable {
    let client: NewsAPIClient?
    let settings: Settings
    let clock: any WallClock
    let notices: NoticeMessages

    /// Asked of NewsAPI per page: more than shown, because duplicates and removed articles are
    /// dropped after the fact.
    static let pageSize = 12

    func respond(to payload: SlashCommandPayload, logger: Logger) async -> SlackMessage {
        let text = payload.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if ["help", "?", "ヘルプ"].contains(text.lowercased()) { return notices.newsHelp() }
        guard let client else {
            logger.warning("news requested but NEWSAPI_KEY is not set")
            return notices.failure(.notConfigured, service: .news)
        }
        let topic = NewsTopic(userText: text)
        do {
            let articles: [NewsArticle]
            switch topic {
            case .headlines(let category):
                articles = try await client.topHeadlines(country: settings.newsCountry, category: category, pageSize: Self.pageSize)
            case .search(let query):
                articles = try await client.everything(query: query, pageSize: Self.pageSize)
            }
            return NewsMessageFormatter(language: settings.language, visibility: settings.resultVisibility)
                .articles(articles, topic: topic, now: clock.now(), command: settings.commandNames.news)
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "news lookup failed", [
                ("operation", error.operation.rawValue), ("error", error.description),
                ("status", error.httpStatus.map(String.init) ?? "-"),
            ])
            return notices.failure(Self.problem(for: error), service: .news)
        }
    }

    static func problem(for error: NewsAPIError) -> NoticeMessages.Problem {
        switch error.kind {
        case .invalidKey: .keyRejected
        case .rateLimited: .rateLimited
        case .timedOut: .timedOut
        case .badRequest, .upstream, .connectionFailed, .cancelled, .undecodable: .upstreamFailed
        }
    }
}
