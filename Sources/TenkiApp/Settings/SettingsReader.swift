import Foundation
import TenkiBase

/// Reads settings of `SettingsTable` from a source: the default when a setting is absent, its
/// parsed value when valid, and otherwise a `ConfigurationError` naming it: never a silent default.
struct SettingsReader {
    let source: SettingsSource
    let table = SettingsTable.shared

    /// The value of `setting` in the source, or its default when absent.
    func decode<Value>(_ setting: Setting<Value>) throws(ConfigurationError) -> Value {
        guard let text = try source.value(setting.declaration) else { return setting.fallback }
        do {
            return try Self.parse(text, as: setting, label: setting.name)
        } catch {
            // Named where its value is (the environment or TENKI_CONFIG), worked out only for an error.
            var located = error
            located.setting = source.label(for: setting.declaration)
            throw located
        }
    }

    /// `text` parsed by `setting`, with errors naming `label` (the setting, or its key in a digest
    /// of `TENKI_CONFIG`); a secret's text never appears in them, and a value with URL credentials
    /// appears only with them masked.
    static func parse<Value>(_ text: String, as setting: Setting<Value>, label: String) throws(ConfigurationError) -> Value {
        do {
            return try setting.parse(text)
        } catch {
            var problem = error.problem
            if let got = error.got, !setting.declaration.isSecret {
                let shown = setting.declaration.hasURLCredentials ? CredentialRedaction.redactingURLs(in: got) : got
                problem += " (got \"\(shown)\")"
            }
            throw ConfigurationError(setting: label, problem: problem, fix: error.fix)
        }
    }
}

extension SettingsReader: SettingVisitor {
    /// Decodes one setting of a table being loaded.
    func visit<Value>(_ setting: inout Setting<Value>) throws(ConfigurationError) {
        setting.value = try decode(setting)
    }
}
