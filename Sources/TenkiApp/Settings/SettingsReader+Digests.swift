import Foundation
import TenkiCore

/// The digests: `default` from the `DIGEST_*` variables, plus the named ones of `TENKI_CONFIG`'s
/// `digests` list. Everything is validated here, at start, so a schedule that does not parse or a
/// zone that does not exist stops the process with exit 78 instead of silently never posting.
/// Errors name the setting (`TENKI_CONFIG digests[morning].schedule`), never a webhook URL.
extension SettingsReader {
    /// The keys a `digests` entry may have.
    static let digestKeys: Set<String> = [
        "name", "webhook_url", "webhook_url_file", "format", "schedule", "timezone", "cities", "news_query", "news_feeds",
        "language", "units",
    ]

    func loadDigests(into settings: inout Settings) throws(ConfigurationError) {
        // Decoded whether or not a webhook is set, so that a schedule that does not parse is
        // refused before anyone relies on it.
        let schedule = settings.digestSchedule
        let timeZone = settings.digestTimeZone  // a name: the zone is built only for a digest that posts
        let cities = settings.digestCities
        let newsQuery = settings.digestNewsQuery
        let format = settings.digestWebhookFormat
        var digests: [Settings.DigestSettings] = []
        if let webhookURL = settings.digestWebhookURL {
            var digest = Settings.DigestSettings(
                language: settings.language, units: settings.units, webhookURL: webhookURL, schedule: schedule,
                timeZone: SettingParsers.timeZone(named: timeZone), cities: cities, newsQuery: newsQuery)
            digest.format = format ?? .detect(from: webhookURL)
            settings.digest = digest
            digests.append(digest)
        }
        for (index, entry) in (source.fileDigests ?? []).enumerated() {
            let digest = try fileDigest(entry, index: index, settings: settings)
            if digests.contains(where: { $0.name == digest.name }) {
                throw ConfigurationError(
                    setting: "\(table.config.name) digests[\(index)].name", problem: "repeats the digest name \"\(digest.name)\"",
                    fix: "give every digest its own name (the DIGEST_* variables define \"default\")")
            }
            digests.append(digest)
        }
        settings.digests = digests
    }

    private func fileDigest(_ entry: Any, index: Int, settings: Settings) throws(ConfigurationError) -> Settings.DigestSettings {
        var label = "\(table.config.name) digests[\(index)]"
        guard let object = entry as? [String: Any] else {
            throw ConfigurationError(
                setting: label, problem: "is not an object", fix: "write each digest as {\"name\": …, \"webhook_url\": …}")
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
            let trimmed = value.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        guard let name = try text("name"), Self.isValidDigestName(name) else {
            throw ConfigurationError(
                setting: "\(label).name", problem: "is missing or not a name of 1 to 40 letters, digits, - or _",
                fix: "name the digest, e.g. \"morning\"")
        }
        label = "\(table.config.name) digests[\(name)]"
        let webhookURL = try webhook(direct: try text("webhook_url"), file: try text("webhook_url_file"), label: label)
        // A key left out takes the default of its DIGEST_* setting.
        var schedule = table.digestSchedule.fallback, timeZone = table.digestTimeZone.fallback
        if let text = try text("schedule") {
            schedule = try Self.parse(text, as: table.digestSchedule, label: "\(label).schedule")
        }
        if let text = try text("timezone") {
            timeZone = try Self.parse(text, as: table.digestTimeZone, label: "\(label).timezone")
        }
        var cities: [String] = []
        if let raw = object["cities"] {
            guard let list = raw as? [String] else {
                throw ConfigurationError(
                    setting: "\(label).cities", problem: "is not a list of texts",
                    fix: "write it as [\"Tokyo,JP\", \"Da Nang,VN\"]")
            }
            cities = list.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        var digest = Settings.DigestSettings(
            language: settings.language, units: settings.units, webhookURL: webhookURL, schedule: schedule,
            timeZone: SettingParsers.timeZone(named: timeZone), cities: cities, newsQuery: try text("news_query"))
        digest.name = name
        digest.format = .detect(from: webhookURL)
        if let format = try text("format") {
            digest.format = try Self.parse(format, as: table.digestWebhookFormat, label: "\(label).format") ?? digest.format
        }
        digest.newsFeeds = try newsFeeds(object["news_feeds"], known: settings.newsFeeds, label: "\(label).news_feeds")
        if let language = try text("language") {
            digest.language = try Self.parse(language, as: table.language, label: "\(label).language")
        }
        if let units = try text("units") {
            digest.units = try Self.parse(units, as: table.units, label: "\(label).units")
        }
        return digest
    }

    /// The webhook URL, inline or from a file (a mounted secret); it is a secret, so no error shows it.
    private func webhook(direct: String?, file: String?, label: String) throws(ConfigurationError) -> URL {
        var raw = direct
        if let file {
            guard direct == nil else {
                throw ConfigurationError(
                    setting: "\(label).webhook_url", problem: "and webhook_url_file are both set", fix: "set only one of them")
            }
            do {
                raw = try source.readFile(file).trimmingWhitespace()
            } catch {
                throw ConfigurationError(
                    setting: "\(label).webhook_url_file", problem: "names a file that cannot be read (\(file))",
                    fix: "check the path and its permissions")
            }
        }
        guard let raw else {
            throw ConfigurationError(
                setting: "\(label).webhook_url", problem: "is missing",
                fix: "paste the incoming-webhook URL from the Slack app's settings")
        }
        do {
            return try Setting<URL>.httpURL(raw)
        } catch {
            throw ConfigurationError(
                setting: "\(label).webhook_url", problem: error.problem,
                fix: "paste the incoming-webhook URL from the Slack app's settings")
        }
    }

    /// Names become the delivery kind (`digest:NAME`) and a metric label: keep them short and plain.
    static func isValidDigestName(_ name: String) -> Bool {
        (1...40).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// A digest's `news_feeds`: names of feeds listed in `TENKI_NEWS_FEEDS`.
    private func newsFeeds(_ raw: Any?, known: [FeedSource], label: String) throws(ConfigurationError) -> [String]? {
        guard let raw else { return nil }
        guard let names = raw as? [String], !names.isEmpty else {
            throw ConfigurationError(
                setting: label, problem: "is not a list of feed names", fix: "write it as [\"vnexpress\", \"nhk\"]")
        }
        let knownNames = known.map(\.name)
        if let unknown = names.first(where: { !knownNames.contains($0) }) {
            let listed =
                knownNames.isEmpty
                ? "\(table.newsFeeds.name) lists none" : "\(table.newsFeeds.name) names " + knownNames.joined(separator: ", ")
            throw ConfigurationError(
                setting: label, problem: "names the feed \"\(unknown)\", which is not configured", fix: listed)
        }
        return names
    }
}
