import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

extension ButtonPresses {
    /// The next page of headlines the value names, in place of the pressed message.
    func moreNews(_ encoded: String?, user: UserKey, logger: Logger) async -> PressAnswer {
        let value: NewsButtonValue
        do {
            value = try NewsButtonValue(encoded: encoded ?? "")
        } catch {
            logger.notice("unusable button value", [("reason", "\(error)")])
            let strings = ButtonStrings.table(for: settings.language)
            return .note(ReplyStrings.fill(strings.unusableButton, ["command": settings.commandNames.news]))
        }
        guard news.isConfigured else {
            return .note(FeedReplyStrings.table(for: settings.language).notConfigured)
        }
        return .replace(await news.speaking(value.language).page(value.page, of: value.text, user: user, logger: logger))
    }
}
