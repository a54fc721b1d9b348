import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

extension ButtonPresses {
    /// The next page of headlines the value names, in place of the pressed message.
    func moreNews(_ encoded: String?, user: UserKey, logger: Logger) async -> PressAnswer {
        guard let value = buttonValue(encoded, logger: logger, read: NewsButtonValue.init(encoded:)) else {
            return unusableButton(command: settings.commandNames.news)
        }
        guard news.isConfigured else {
            return .note(FeedReplyStrings.table(for: settings.language).notConfigured)
        }
        return .replace(await news.inLanguage(value.language).page(value.page, of: value.text, user: user, logger: logger))
    }
}
