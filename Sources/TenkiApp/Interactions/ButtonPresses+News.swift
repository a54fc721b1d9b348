import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

extension ButtonPresses {
    /// The next page of headlines the value names, in place of the pressed message.
    func moreNews(_ encoded: String?, user: UserKey, logger: Logger) async -> SlackMessage {
        let value: NewsButtonValue
        do {
            value = try NewsButtonValue(encoded: encoded ?? "")
        } catch {
            logger.notice("unusable button value", [("reason", "\(error)")])
            let strings = ButtonStrings.table(for: settings.language)
            return note(ReplyStrings.fill(strings.unusableButton, ["command": settings.commandNames.news]))
        }
        var settings = settings
        settings.language = value.language
        let notices = NoticeMessages(
            language: settings.language, weatherCommand: settings.commandNames.weather, newsCommand: settings.commandNames.news)
        var message: SlackMessage
        if let feeds = news.feeds {
            let answer = FeedNewsAnswer(feeds: feeds.feeds, deadline: feeds.deadline, settings: settings, clock: clock)
            message = await answer.respond(to: value.text, page: value.page, logger: logger).slack
        } else if let service = news.news {
            let handler = NewsCommandHandler(news: service, feeds: nil, settings: settings, clock: clock, notices: notices)
            message = await handler.headlines(service, text: value.text, page: value.page, user: user, logger: logger).slack
        } else {
            return note(FeedReplyStrings.table(for: settings.language).notConfigured)
        }
        message.replaceOriginal = true
        return message
    }
}
