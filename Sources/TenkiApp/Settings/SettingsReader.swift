import Foundation

/// Typed readers for raw setting values. Each one either returns a valid value, the default when the
/// setting is absent, or throws a `ConfigurationError` naming the setting: never a silent default.
struct SettingsReader {
    let source: SettingsSource

    func list(_ name: String, separator: Character) throws(ConfigurationError) -> [String]? {
        guard let raw = try source.value(name) else { return nil }
        let items = raw.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return items.isEmpty ? nil : items
    }

    func url(_ name: String) throws(ConfigurationError) -> URL? {
        guard let raw = try source.value(name) else { return nil }
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty
        else {
            throw ConfigurationError(setting: name, problem: "is not an http(s) URL", fix: "set it to an absolute URL such as https://example.com")
        }
        return url
    }

    func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let raw = try source.value(name) else { return fallback }
        guard let value = Int(raw), range.contains(value) else {
            throw ConfigurationError(setting: name, problem: "must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \"\(raw)\")", fix: "correct it or unset it for the default \(fallback)")
        }
        return value
    }

    func milliseconds(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(ConfigurationError) -> Duration {
        .milliseconds(try integer(name, default: fallback, range: range))
    }

    func onOff(_ name: String, default fallback: Bool) throws(ConfigurationError) -> Bool {
        guard let raw = try source.value(name) else { return fallback }
        switch raw.lowercased() {
        case "on", "true", "1", "yes": return true
        case "off", "false", "0", "no": return false
        default:
            throw ConfigurationError(setting: name, problem: "must be on or off (got \"\(raw)\")", fix: "set it to on or off")
        }
    }

    func choice<Value>(_ name: String, default fallback: Value, _ parse: (String) -> Value?) throws(ConfigurationError) -> Value {
        guard let raw = try source.value(name) else { return fallback }
        guard let value = parse(raw.lowercased()) else {
            throw ConfigurationError(setting: name, problem: "has an unknown value \"\(raw)\"", fix: "see the README's settings table for the allowed values")
        }
        return value
    }

    /// `host:port`, e.g. `127.0.0.1:9100`.
    func address(_ name: String) throws(ConfigurationError) -> (host: String, port: Int)? {
        guard let raw = try source.value(name) else { return nil }
        guard let colon = raw.lastIndex(of: ":"), let port = Int(raw[raw.index(after: colon)...]), (0...65535).contains(port),
              !raw[..<colon].isEmpty
        else {
            throw ConfigurationError(setting: name, problem: "is not host:port (got \"\(raw)\")", fix: "set it to an address such as 127.0.0.1:9100")
        }
        return (String(raw[..<colon]), port)
    }

    func commandName(_ name: String, default fallback: String) throws(ConfigurationError) -> String {
        guard let raw = try source.value(name) else { return fallback }
        let command = raw.hasPrefix("/") ? raw : "/" + raw
        guard command.count > 1, command.count <= 32, !command.contains(where: { $0.isWhitespace }) else {
            throw ConfigurationError(setting: name, problem: "is not a slash-command name (got \"\(raw)\")", fix: "set it to a name such as /tenki-weather")
        }
        return command.lowercased()
    }

    func digest() throws(ConfigurationError) -> Settings.DigestSettings? {
        let schedule = try source.value("DIGEST_SCHEDULE") ?? "30 7 * * 1-5"
        let zoneName = try source.value("DIGEST_TIMEZONE") ?? "UTC"
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw ConfigurationError(setting: "DIGEST_TIMEZONE", problem: "is not an IANA time zone (got \"\(zoneName)\")", fix: "use a name such as Asia/Ho_Chi_Minh or Europe/Berlin")
        }
        let cities = try list("DIGEST_CITIES", separator: ";") ?? []
        let query = try source.value("DIGEST_NEWS_QUERY")
        guard let webhook = try source.value("DIGEST_WEBHOOK_URL") else { return nil }
        guard let url = URL(string: webhook), url.scheme?.lowercased() == "https" || url.scheme?.lowercased() == "http", url.host != nil else {
            // The URL is a secret: the error names the setting, never the value.
            throw ConfigurationError(setting: "DIGEST_WEBHOOK_URL", problem: "is not an http(s) URL", fix: "paste the incoming-webhook URL from the Slack app's settings")
        }
        return Settings.DigestSettings(webhookURL: url, schedule: schedule, timeZone: timeZone, cities: cities, newsQuery: query)
    }
}
