import Foundation
import TenkiCore

/// The digests: `default` from the `DIGEST_*` variables, plus the named ones of `TENKI_CONFIG`'s
/// `digests` list. Everything is validated here, at start, so a schedule that does not parse or a
/// zone that does not exist stops the process with exit 78 instead of silently never posting.
/// Errors name the setting (`TENKI_CONFIG digests[morning].schedule`), never a webhook URL.
extension SettingsReader {
    /// The keys a `digests` entry may have.
    static let digestKeys: Set<String> = [
        "name", "webhook_url", "webhook_url_file", "schedule", "timezone", "cities", "news_query", "language", "units",
    ]
    static let defaultDigestSchedule = "30 7 * * 1-5"

    func loadDigests(into settings: inout Settings) throws(ConfigurationError) {
        settings.digestCatchUp = TimeInterval(
            try integer("TENKI_DIGEST_CATCH_UP_MINUTES", default: 120, range: 0...10_080) * 60)
        settings.digestWait = .seconds(try integer("TENKI_DIGEST_WAIT_SECONDS", default: 60, range: 1...3600))
        var digests: [Settings.DigestSettings] = []
        if var digest = settings.digest {
            try Self.validate(schedule: digest.schedule, setting: "DIGEST_SCHEDULE")
            digest.name = "default"
            digest.language = settings.language
            digest.units = settings.units
            settings.digest = digest
            digests.append(digest)
        }
        if let text = source.fileValues[SettingsSource.digestsKey] {
            let entries = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [Any] ?? []
            for (index, entry) in entries.enumerated() {
                let digest = try fileDigest(entry, index: index, settings: settings)
                if digests.contains(where: { $0.name == digest.name }) {
                    throw ConfigurationError(
                        setting: "TENKI_CONFIG digests[\(index)].name", problem: "repeats the digest name \"\(digest.name)\"",
                        fix: "give every digest its own name (the DIGEST_* variables define \"default\")")
                }
                digests.append(digest)
            }
        }
        settings.digests = digests
    }

    private func fileDigest(_ entry: Any, index: Int, settings: Settings) throws(ConfigurationError) -> Settings.DigestSettings {
        var label = "TENKI_CONFIG digests[\(index)]"
        guard let object = entry as? [String: Any] else {
            throw ConfigurationError(setting: label, problem: "is not an object", fix: "write each digest as {\"name\": …, \"webhook_url\": …}")
        }
        if let unknown = object.keys.sorted().first(where: { !Self.digestKeys.contains($0) }) {
            throw ConfigurationError(
                setting: label, problem: "has an unknown key \"\(unknown)\"",
                fix: "use \(Self.digestKeys.sorted().joined(separator: ", "))")
        }
        func text(_ key: String) throws(ConfigurationError) -> String? {
            guard let raw = object[key] else { return nil }
            guard let value = raw as? String else {
                throw ConfigurationError(setting: "\(label).\(key)", problem: "is not text", fix: "write it as a string")
            }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        guard let name = try text("name"), Self.isValidDigestName(name) else {
            throw ConfigurationError(
                setting: "\(label).name", problem: "is missing or not a name of 1 to 40 letters, digits, - or _",
                fix: "name the digest, e.g. \"morning\"")
        }
        label = "TENKI_CONFIG digests[\(name)]"
        let webhookURL = try webhook(direct: try text("webhook_url"), file: try text("webhook_url_file"), label: label)
        let schedule = try text("schedule") ?? Self.defaultDigestSchedule
        try Self.validate(schedule: schedule, setting: "\(label).schedule")
        let zoneName = try text("timezone") ?? "UTC"
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw ConfigurationError(
                setting: "\(label).timezone", problem: "is not an IANA time zone (got \"\(zoneName)\")",
                fix: "use a name such as Asia/Tokyo or Europe/Berlin")
        }
        var cities: [String] = []
        if let raw = object["cities"] {
            guard let list = raw as? [String] else {
                throw ConfigurationError(setting: "\(label).cities", problem: "is not a list of texts", fix: "write it as [\"Tokyo,JP\", \"Da Nang,VN\"]")
            }
            cities = list.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var digest = Settings.DigestSettings(
            webhookURL: webhookURL, schedule: schedule, timeZone: timeZone, cities: cities, newsQuery: try text("news_query"))
        digest.name = name
        digest.language = try Self.choice(try text("language"), setting: "\(label).language", default: settings.language)
        digest.units = try Self.choice(try text("units"), setting: "\(label).units", default: settings.units)
        return digest
    }

    /// The webhook URL, inline or from a file (a mounted secret); it is a secret, so no error shows it.
    private func webhook(direct: String?, file: String?, label: String) throws(ConfigurationError) -> URL {
        var raw = direct
        if let file {
            guard direct == nil else {
                throw ConfigurationError(setting: "\(label).webhook_url", problem: "and webhook_url_file are both set", fix: "set only one of them")
            }
            do {
                raw = try source.readFile(file).trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw ConfigurationError(
                    setting: "\(label).webhook_url_file", problem: "names a file that cannot be read (\(file))", fix: "check the path and its permissions")
            }
        }
        guard let raw, let url = URL(string: raw), ["https", "http"].contains(url.scheme?.lowercased() ?? ""),
            let host = url.host, !host.isEmpty
        else {
            throw ConfigurationError(
                setting: "\(label).webhook_url", problem: "is missing or not an http(s) URL",
                fix: "paste the incoming-webhook URL from the Slack app's settings")
        }
        return url
    }

    static func validate(schedule: String, setting: String) throws(ConfigurationError) {
        do {
            _ = try CronSchedule(parsing: schedule)
        } catch {
            throw ConfigurationError(
                setting: setting, problem: "is not a cron expression (\(error))", fix: "use five fields such as \"30 7 * * 1-5\"")
        }
    }

    static func choice<Value: RawRepresentable>(
        _ raw: String?, setting: String, default fallback: Value
    ) throws(ConfigurationError) -> Value where Value.RawValue == String {
        guard let raw else { return fallback }
        guard let value = Value(rawValue: raw.lowercased()) else {
            throw ConfigurationError(setting: setting, problem: "has an unknown value \"\(raw)\"", fix: "see the README's digest settings")
        }
        return value
    }

    /// Names become the delivery kind (`digest:NAME`) and a metric label: keep them short and plain.
    static func isValidDigestName(_ name: String) -> Bool {
        (1...40).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
