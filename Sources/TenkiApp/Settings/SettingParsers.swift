import Foundation
import TenkiCore
import TenkiSecurity
import TenkiStorage

/// Parsers for the settings whose values are Tenki's own shapes (command names, cron schedules,
/// addresses). Each returns a valid value or a `SettingProblem`; the digests of `TENKI_CONFIG` use
/// the same ones as the `DIGEST_*` variables.
enum SettingParsers {
    /// `TENKI_PUBLIC_URL`: an https origin (a path is kept), or http for a loopback host; no query,
    /// no trailing slash (`https://tenki.example.com/`→`https://tenki.example.com`).
    @Sendable static func publicURL(_ text: String) throws(SettingProblem) -> String? {
        let url = try Setting<URL>.httpURL(text)
        let fix = "set it to the https:// origin Slack reaches this Tenki at (http:// only for 127.0.0.1 or localhost)"
        guard url.query == nil, url.fragment == nil else { throw SettingProblem("has a query or fragment", fix: fix, got: text) }
        if url.scheme?.lowercased() == "http", !AllowedResponseHost.isLoopback(url.host ?? "") {
            throw SettingProblem("is plain http for a host that is not loopback", fix: fix, got: text)
        }
        var origin = text
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin
    }

    static let defaultDigestSchedule = "30 7 * * 1-5"

    /// One secret, or two (old and new) while rotating: a third is more likely a mistake than a plan.
    /// A PostgreSQL URI; the error never repeats it (it holds the password).
    @Sendable static func databaseURL(_ text: String) throws(SettingProblem) -> PostgresURL? {
        do {
            return try PostgresURL(text)
        } catch {
            throw SettingProblem(
                error.description,
                fix: "set it to postgres://user:password@host:5432/database (percent-encode @ : / in the password)")
        }
    }

    /// `TENKI_ENCRYPTION_KEY`: one key, or `NEW,OLD` while rotating. The problem never quotes a key.
    @Sendable static func encryptionKeys(_ text: String) throws(SettingProblem) -> EncryptionKeys? {
        do {
            return try EncryptionKeys(parsing: text)
        } catch {
            throw SettingProblem(
                error.description,
                fix: "set 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits; while rotating, NEW,OLD")
        }
    }

    @Sendable static func mattermostTokens(_ text: String) throws(SettingProblem) -> [String] {
        let tokens = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !tokens.isEmpty else {
            throw SettingProblem(
                "lists no token",
                fix: "copy the token Mattermost shows when the slash command is saved (Integrations → Slash Commands)")
        }
        return tokens
    }

    @Sendable static func slackAppToken(_ text: String) throws(SettingProblem) -> SlackAppToken? {
        guard let token = SlackAppToken(text) else {
            throw SettingProblem(
                "is not an app-level token (xapp-...)",
                fix: "copy it from the Slack app's Basic Information → App-Level Tokens (scope connections:write)")
        }
        return token
    }

    @Sendable static func discordPublicKey(_ text: String) throws(SettingProblem) -> Ed25519PublicKey? {
        do {
            return try Ed25519PublicKey(hex: text.trimmingWhitespace())
        } catch {
            throw SettingProblem(
                "is not a usable key: \(error)",
                fix: "copy the Public Key from the Discord Developer Portal (your application → General Information)")
        }
    }

    @Sendable static func signingSecrets(_ text: String) throws(SettingProblem) -> [String] {
        let secrets = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !secrets.isEmpty else {
            throw SettingProblem("lists no secret", fix: "copy the Signing Secret from the Slack app's Basic Information page")
        }
        guard secrets.count <= 2 else {
            throw SettingProblem(
                "lists \(secrets.count) secrets; at most two are accepted (old,new while rotating)",
                fix: "keep the current secret and, while rotating, the previous one")
        }
        return secrets
    }

    /// `/name` (the slash may be left out), lowercased.
    @Sendable static func commandName(_ text: String) throws(SettingProblem) -> String {
        let command = text.hasPrefix("/") ? text : "/" + text
        guard command.count > 1, command.count <= 32, !command.contains(where: { $0.isWhitespace || $0 == "," }) else {
            throw SettingProblem("is not a slash-command name", fix: "set it to a name such as /tenki-weather", got: text)
        }
        return command.lowercased()
    }

    @Sendable static func newsCountry(_ text: String) throws(SettingProblem) -> NewsCountry {
        guard let country = NewsCountry(code: text) else {
            throw SettingProblem(
                "is not a country NewsAPI has top headlines for", fix: "use a two-letter code such as us, gb or jp", got: text)
        }
        return country
    }

    /// `host:port`, e.g. `127.0.0.1:9100`.
    @Sendable static func address(_ text: String) throws(SettingProblem) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port),
            !text[..<colon].isEmpty
        else {
            throw SettingProblem("is not host:port", fix: "set it to an address such as 127.0.0.1:9100", got: text)
        }
        return (String(text[..<colon]), port)
    }

    @Sendable static func cronSchedule(_ text: String) throws(SettingProblem) -> CronSchedule {
        do {
            return try CronSchedule(parsing: text)
        } catch {
            throw SettingProblem(
                "is not a cron expression (\(error))", fix: "use five fields such as \"\(defaultDigestSchedule)\"")
        }
    }

    /// The name of an IANA time zone, checked against the zone database.
    @Sendable static func timeZoneName(_ text: String) throws(SettingProblem) -> String {
        guard TimeZone(identifier: text) != nil else {
            throw SettingProblem("is not an IANA time zone", fix: "use a name such as Asia/Tokyo or Europe/Berlin", got: text)
        }
        return text
    }

    /// The zone a `timeZoneName` setting names. The name was checked when it was read, so GMT stands
    /// in only if the zone database lost it since.
    static func timeZone(named name: String) -> TimeZone {
        TimeZone(identifier: name) ?? .gmt
    }

    @Sendable static func newsFeeds(_ text: String) throws(SettingProblem) -> [FeedSource] {
        do {
            return try FeedSource.parseList(text)
        } catch {
            throw SettingProblem(error.description, fix: "list feeds as URL or name=URL, separated by ;", got: text)
        }
    }

    @Sendable static func newsProvider(_ text: String) throws(SettingProblem) -> NewsProvider? {
        guard let provider = NewsProvider(rawValue: text.lowercased()) else {
            throw SettingProblem("has an unknown value", fix: "use newsapi or feeds", got: text)
        }
        return provider
    }

    @Sendable static func digestWebhookFormat(_ text: String) throws(SettingProblem) -> DigestWebhookFormat? {
        guard let format = DigestWebhookFormat(rawValue: text.lowercased()) else {
            let words = DigestWebhookFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingProblem("has an unknown value", fix: "use one of \(words), or unset it to choose by the URL", got: text)
        }
        return format
    }
}
