import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// `/news`: top headlines, a category's headlines, or a search, as up to five linked articles.
struct NewsCommandHandler: Sendable {
    let news: NewsService?
    let settings: Settings
    let clock: any WallClock
    let notices: NoticeMessages

    func respond(to payload: SlashCommandPayload, logger: Logger) async -> ChatMessage {
        let text = payload.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if ["help", "?", "ヘルプ"].contains(text.lowercased()) { return notices.newsHelp() }
        guard let news else {
            logger.warning("news requested but NEWSAPI_KEY is not set")
            return notices.failure(.notConfigured, service: .news)
        }
        let topic = NewsTopic(userText: text)
        do {
            let articles = try await news.articles(for: topic, country: settings.newsCountry.code)
            if let age = articles.staleAge {
                logger.notice("serving older news", [("age_s", String(Int(age)))])
            }
            return NewsMessageFormatter(language: settings.language, visibility: settings.resultVisibility).articles(
                articles.value, topic: topic, now: clock.now(), command: settings.commandNames.news,
                staleContext: articles.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) })
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
        case .rateLimited, .budgetExhausted: .rateLimited
        case .timedOut: .timedOut
        case .badRequest, .upstream, .connectionFailed, .cancelled, .undecodable: .upstreamFailed
        }
    }
}
