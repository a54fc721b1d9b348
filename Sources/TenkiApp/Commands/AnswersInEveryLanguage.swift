import TenkiCore

/// A handler kept once per language: the deployment's own (`settings.language`) holds a copy answering
/// in each other language, built once by the composition root (`withLanguages`). Serves the command
/// set (`TenkiCommands`) and the `/news` handler, which a Discord user's locale may ask in another language.
protocol AnswersInEveryLanguage {
    var settings: Settings { get }
    /// The copies in the other languages; empty on a copy itself.
    var inOtherLanguages: [WeatherLanguage: Self] { get set }
    /// The same handler answering in `language`.
    func speaking(_ language: WeatherLanguage) -> Self
}

extension AnswersInEveryLanguage {
    /// This handler with a copy in every other language, for the composition root.
    func withLanguages() -> Self {
        var copy = self
        for language in WeatherLanguage.allCases where language != settings.language {
            copy.inOtherLanguages[language] = speaking(language)
        }
        return copy
    }

    /// The handler answering in `language` (a button remembers the language of its message): this
    /// one, or its copy built with it; never one built for the request.
    func inLanguage(_ language: WeatherLanguage) -> Self {
        inOtherLanguages[language] ?? self
    }
}
