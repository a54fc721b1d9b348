import TenkiCore

extension Settings {
    /// Help, errors and notes in the reply language, naming the commands as this workspace calls them.
    var notices: NoticeMessages {
        NoticeMessages(language: self.language, weatherCommand: commandNames.weather, newsCommand: commandNames.news)
    }
}
