import Foundation

/// Where raw setting values come from: the environment, `*_FILE` secrets and the optional JSON
/// file named by `TENKI_CONFIG`. The environment wins over the file.
struct SettingsSource {
    let environment: [String: String]
    let fileValues: [String: String]
    let readFile: (String) throws -> String

    /// Settings whose value may be given as a file (Docker and Kubernetes secrets, systemd credentials).
    static let fileBackedSecrets: Set<String> = [
        "SLACK_SIGNING_SECRET", "OPENWEATHER_API_KEY", "NEWSAPI_KEY", "DIGEST_WEBHOOK_URL",
        "OPENWEATHER_BEARER_TOKEN", "NEWSAPI_BEARER_TOKEN", "TENKI_METRICS_TOKEN",
    ]

    /// The `TENKI_CONFIG` key holding the named digests; a file-only setting.
    static let digestsKey = "digests"

    init(environment: [String: String], readFile: @escaping (String) throws -> String) throws(ConfigurationError) {
        self.environment = environment
        self.readFile = readFile
        if let path = environment["TENKI_CONFIG"], !path.isEmpty {
            self.fileValues = try Self.loadConfigFile(path: path, readFile: readFile)
        } else {
            self.fileValues = [:]
        }
    }

    /// The trimmed value of `name`, or nil when it is unset or empty. `NAME_FILE` is read when `NAME`
    /// itself is not set; setting both is an error, as it is ambiguous which one is meant.
    func value(_ name: String) throws(ConfigurationError) -> String? {
        let direct = environment[name].flatMap(Self.nonEmpty)
        if Self.fileBackedSecrets.contains(name), let path = environment[name + "_FILE"].flatMap(Self.nonEmpty) {
            guard direct == nil else {
                throw ConfigurationError(setting: name, problem: "and \(name)_FILE are both set", fix: "set only one of them")
            }
            let contents: String
            do {
                contents = try readFile(path)
            } catch {
                throw ConfigurationError(setting: name + "_FILE", problem: "names a file that cannot be read (\(path))", fix: "check the path and its permissions")
            }
            return Self.nonEmpty(contents)
        }
        return direct ?? fileValues[name].flatMap(Self.nonEmpty)
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Reads `TENKI_CONFIG`: a JSON object whose keys are setting names. An unknown key is an error,
    /// so that a typo never silently falls back to a default.
    private static func loadConfigFile(path: String, readFile: (String) throws -> String) throws(ConfigurationError) -> [String: String] {
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw ConfigurationError(setting: "TENKI_CONFIG", problem: "names a file that cannot be read (\(path))", fix: "check the path and its permissions")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw ConfigurationError(setting: "TENKI_CONFIG", problem: "is not a JSON object (\(path))", fix: "write the file as {\"SETTING_NAME\": \"value\", …}")
        }
        var values: [String: String] = [:]
        for (key, raw) in object {
            if key == Self.digestsKey {
                // Several named digests (see `SettingsReader+Digests.swift`), kept as JSON text.
                guard let list = raw as? [Any], let data = try? JSONSerialization.data(withJSONObject: list) else {
                    throw ConfigurationError(setting: "TENKI_CONFIG", problem: "has \"digests\" that is not a list", fix: "write it as [{\"name\": …}, …]")
                }
                values[key] = String(decoding: data, as: UTF8.self)
                continue
            }
            guard SettingName.all.contains(key) else {
                throw ConfigurationError(setting: "TENKI_CONFIG", problem: "has an unknown key \"\(key)\"", fix: "use the setting names listed in the README")
            }
            switch raw {
            case let string as String: values[key] = string
            case let number as NSNumber: values[key] = number.stringValue
            case let list as [String]: values[key] = list.joined(separator: key == "DIGEST_CITIES" ? ";" : ",")
            default:
                throw ConfigurationError(setting: key, problem: "in TENKI_CONFIG has a value that is not text or a number", fix: "write it as a string")
            }
        }
        return values
    }
}
