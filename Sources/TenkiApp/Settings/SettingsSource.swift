import Foundation
import TenkiCore

/// Where raw setting values come from: the environment, `*_FILE` secrets and the optional JSON
/// file named by `TENKI_CONFIG`. The environment wins over the file.
struct SettingsSource {
    let environment: [String: String]
    /// `TENKI_CONFIG`'s settings, as text.
    let fileValues: [String: String]
    /// `TENKI_CONFIG`'s `digests` list, as parsed JSON (see `SettingsReader+Digests.swift`).
    let fileDigests: [Any]?
    let readFile: (String) throws -> String

    /// The `TENKI_CONFIG` key holding the named digests; a file-only setting.
    static let digestsKey = "digests"

    init(environment: [String: String], readFile: @escaping (String) throws -> String) throws(ConfigurationError) {
        self.environment = environment
        self.readFile = readFile
        let configName = SettingsTable.shared.config.name
        if let path = environment[configName], !path.isEmpty {
            (fileValues, fileDigests) = try Self.loadConfigFile(path: path, readFile: readFile)
        } else {
            (fileValues, fileDigests) = ([:], nil)
        }
    }

    /// How an error names a setting: `NAME`, or `NAME (in TENKI_CONFIG)` when its value came from
    /// the file there, so an operator looks where the value is.
    func label(for declaration: SettingDeclaration) -> String {
        let name = declaration.name
        let fromEnvironment =
            !(environment[name] ?? "").isEmpty || (declaration.isSecret && !(environment[name + "_FILE"] ?? "").isEmpty)
        return fromEnvironment || fileValues[name] == nil ? name : "\(name) (in \(SettingsTable.shared.config.name))"
    }

    /// The trimmed value of a setting, or nil when it is unset or empty. A secret's `NAME_FILE` is
    /// read when `NAME` itself is not set, and an empty file counts as unset; setting both is an
    /// error, as it is ambiguous which one is meant. A value of spaces only is an error: it is a
    /// mistake, never a deliberate "unset".
    func value(_ declaration: SettingDeclaration) throws(ConfigurationError) -> String? {
        let name = declaration.name
        let direct = try Self.nonBlank(environment[name], setting: name)
        if declaration.isSecret, let path = try Self.nonBlank(environment[name + "_FILE"], setting: name + "_FILE") {
            guard direct == nil else {
                throw ConfigurationError(setting: name, problem: "and \(name)_FILE are both set", fix: "set only one of them")
            }
            let contents: String
            do {
                contents = try readFile(path)
            } catch {
                throw ConfigurationError(
                    setting: name + "_FILE", problem: "names a file that cannot be read (\(path))",
                    fix: "check the path and its permissions")
            }
            // An empty file is a placeholder the operator did not fill in: the secret is unset, and
            // its feature stays off (a required secret is then reported as missing). A file of white
            // space only is a mistake, never a deliberate "unset".
            guard !contents.isEmpty else { return nil }
            guard let secret = try? Self.nonBlank(contents, setting: name) else {
                throw ConfigurationError(
                    setting: name + "_FILE", problem: "names a file of white space only (\(path))",
                    fix: "write the secret into it, or leave the file empty to leave it unset")
            }
            return secret
        }
        if let direct { return direct }
        guard let fromFile = fileValues[name] else { return nil }
        return try Self.nonBlank(fromFile, setting: "\(SettingsTable.shared.config.name) \(name)")
    }

    /// Nil for nil or "", the trimmed text otherwise; spaces only are refused.
    private static func nonBlank(_ text: String?, setting: String) throws(ConfigurationError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let trimmed = text.trimmingWhitespace()  // not Foundation's CharacterSet: every start reads settings
        guard !trimmed.isEmpty else {
            throw ConfigurationError(setting: setting, problem: "is blank (spaces only)", fix: "give it a value, or unset it")
        }
        return trimmed
    }

    /// Reads `TENKI_CONFIG`: a JSON object whose keys are setting names. An unknown key is an error,
    /// so that a typo never silently falls back to a default.
    private static func loadConfigFile(
        path: String, readFile: (String) throws -> String
    ) throws(ConfigurationError) -> ([String: String], [Any]?) {
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw ConfigurationError(
                \.config, problem: "names a file that cannot be read (\(path))",
                fix: "check the path and its permissions")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw ConfigurationError(
                \.config, problem: "is not a JSON object (\(path))",
                fix: "write the file as {\"SETTING_NAME\": \"value\", …}")
        }
        var values: [String: String] = [:]
        var digests: [Any]?
        for (key, raw) in object {
            if key == digestsKey {
                guard let list = raw as? [Any] else {
                    throw ConfigurationError(
                        \.config, problem: "has \"digests\" that is not a list",
                        fix: "write it as [{\"name\": …}, …]")
                }
                digests = list
                continue
            }
            guard SettingsTable.names.contains(key), key != SettingsTable.shared.config.name else {
                let fix =
                    SettingNameSuggestion.closest(to: key).map { "did you mean \($0)?" } ?? "see docs/configuration.md"
                throw ConfigurationError(\.config, problem: "has an unknown key \"\(key)\"", fix: fix)
            }
            switch raw {
            case let string as String: values[key] = string
            case let number as NSNumber: values[key] = number.stringValue
            case let list as [String]:
                values[key] = list.joined(separator: key == SettingsTable.shared.digestCities.name ? ";" : ",")
            default:
                throw ConfigurationError(
                    setting: key, problem: "in \(SettingsTable.name(\.config)) has a value that is not text or a number",
                    fix: "write it as a string"
                )
            }
        }
        return (values, digests)
    }
}
