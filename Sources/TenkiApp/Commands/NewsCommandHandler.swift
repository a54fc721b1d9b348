import Foundation
import TenkiCore
import TenkiLogging
import TenkiProviders
import TenkiStorage

/// `/news`: top headlines, a category's headlines, or a search, as up to five linked articles,
/// from NewsAPI or, when the deployment reads feeds, from its feeds (`FeedNewsAnswer`).
struct NewsCommandHandler: Sendable, AnswersInEveryLanguage {
    let news: NewsService?
    let feeds: FeedNewsAnswer?
    let settings: Settings
    let clock: any WallClock
    let notices: NoticeMessages
    /// This handler in each other language, built once by the composition root (`withLanguages`).
    var inOtherLanguages: [WeatherLanguage: NewsCommandHandler] = [:]

    func respond(to payload: SlashCommandPayload, logger: Logger) async -> ChatMessage {
        let text = payload.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if Self.isHelp(text) {
            guard let feeds else { return notices.newsHelp() }
            // Names are `[A-Za-z0-9_-]` (FeedSource.isValidName): nothing in them to escape in a code span.
            let names = feeds.feeds.sources.map { "`" + $0.name + "`" }.joined(separator: ", ")
            let help = FeedReplyStrings.table(for: settings.language).help
            return notices.notice(ReplyStrings.fill(help, ["command": settings.commandNames.news, "feeds": names]))
        }
        return await page(0, of: text, user: payload.userKey, logger: logger)
    }

    /// Whether `/news TEXT` asks for help (the words around it trimmed).
    static func isHelp(_ text: String) -> Bool {
        ["help", "?", "ヘルプ"].contains(text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    /// Whether `/news` has a source: feeds or NewsAPI.
    var isConfigured: Bool { feeds != nil || news != nil }

    /// Page `page` (five items each) of the answer to `text`: from the feeds when the deployment
    /// reads them, else from NewsAPI.
    func page(_ page: Int, of text: String, user: UserKey, logger: Logger) async -> ChatMessage {
        if let feeds { return await feeds.respond(to: text, page: page, logger: logger) }
        guard let news else {
            logger.warning(
                "news requested but neither \(SettingsTable.name(\.newsAPIKey)) nor \(SettingsTable.name(\.newsFeeds)) is set")
            let notConfigured = FeedReplyStrings.namingSettings(for: settings.language).notConfigured
            return notices.notice("⚠️ " + Mrkdwn.escapeEntities(notConfigured))
        }
        return await headlines(news, text: text, page: page, user: user, logger: logger)
    }

    /// The same handler answering in `language`.
    func speaking(_ language: WeatherLanguage) -> NewsCommandHandler {
        var settings = settings
        settings.language = language
        return with(settings)
    }

    /// The same handler posting its results with `visibility`, for a press that shares a private
    /// result in the channel (rare: built for the press, not kept).
    func showing(_ visibility: ChatMessage.Visibility) -> NewsCommandHandler {
        var settings = settings
        settings.resultVisibility = visibility
        return with(settings)
    }

    private func with(_ settings: Settings) -> NewsCommandHandler {
        let feeds = feeds.map { FeedNewsAnswer(feeds: $0.feeds, deadline: $0.deadline, settings: settings, clock: clock) }
        return NewsCommandHandler(news: news, feeds: feeds, settings: settings, clock: clock, notices: settings.notices)
    }

    /// Page `page` (five articles each) of the headlines for `text`, with `tenki.news.more` while
    /// more were fetched. A later page comes from the same cached answer: no new call, no budget.
    func headlines(_ news: NewsService, text: String, page: Int, user: UserKey, logger: Logger) async -> ChatMessage {
        let topic = NewsTopic(userText: text)
        do {
            let articles = try await news.articles(for: topic, country: settings.newsCountry.code, spender: .user(user))
            if let age = articles.staleAge {
                logger.notice("serving older news", [("age_s", String(Int(age)))])
            }
            var message = NewsMessageFormatter(language: settings.language, visibility: settings.resultVisibility).articles(
                articles.value, topic: topic, now: clock.now(), command: settings.commandNames.news,
                staleContext: articles.staleAge.map { ReplyStrings.table(for: settings.language).asOf($0) }, page: page)
            if let buttons = NewsButtonValue.row(
                total: articles.value.count, page: page, language: settings.language, text: text,
                offersShare: settings.resultVisibility == .ephemeral)
            {
                message.parts.append(buttons)
            }
            return message
        } catch {
            logger.log(
                error.isTemporary ? .warning : .notice, "news lookup failed",
                [
                    ("operation", error.operation.rawValue), ("error", error.description),
                    ("status", error.httpStatus.map(String.init) ?? "-"),
                ])
            return notices.failure(Self.problem(for: error, now: clock.now()), service: .news)
        }
    }

    static func problem(for error: NewsAPIError, now: Date) -> NoticeMessages.Problem {
        switch error.kind {
        case .invalidKey: .keyRejected
        case .rateLimited: .rateLimited
        case .budgetExhausted(let refusal):
            switch refusal.reason {
            case .budgetSpent: .allowanceSpent(resetsIn: refusal.resetsAt.timeIntervalSince(now))
            case .userShareSpent:
                .allowanceShareSpent(allowance: refusal.allowance, resetsIn: refusal.resetsAt.timeIntervalSince(now))
            }
        case .timedOut: .timedOut
        case .placeNotFound, .badRequest, .upstream, .connectionFailed, .cancelled, .undecodable: .upstreamFailed
        }
    }
}
