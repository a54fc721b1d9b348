import TenkiBase

/// A setting that is missing or invalid. Its description is the one line `tenki` prints before
/// exiting 78: it names the setting and says how to fix it, and never repeats a secret value:
/// every URL in it loses its credential parts (`CredentialRedaction`), whoever built the error.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var setting: String
    public var problem: String
    public var fix: String

    public var description: String {
        CredentialRedaction.redactingURLs(in: "configuration error: \(setting) \(problem); \(fix)")
    }
}

extension ConfigurationError {
    /// An error about one setting of the table, named through it: `ConfigurationError(\.statePath, …)`.
    init<Value>(_ setting: KeyPath<SettingsTable, Setting<Value>>, problem: String, fix: String) {
        self.init(setting: SettingsTable.name(setting), problem: problem, fix: fix)
    }
}
