import Foundation
import TenkiCore
import TenkiStorage
import Testing

@testable import TenkiApp

/// Item 5 of issue 40: a value's credentials never appear in the error that refuses it.
@Suite("Setting errors never show URL credentials")
struct SettingCredentialTests {
    @Test("a malformed TENKI_NEWS_FEEDS is quoted with its password and query values masked")
    func feeds() {
        let value = "ok=https://reader:hunter2@feeds.example/rss?token=SEKRET;bad=ftp://x.example/?token=SEKRET2"
        let feeds = SettingsTable.shared.newsFeeds
        #expect(feeds.declaration.hasURLCredentials)
        do {
            _ = try SettingsReader.parse(value, as: feeds, label: feeds.name)
            Issue.record("an ftp feed was accepted")
        } catch {
            let line = error.description
            #expect(line.hasPrefix("configuration error: \(feeds.name) "), "\(line)")
            for secret in ["hunter2", "SEKRET"] { #expect(!line.contains(secret), "\(line)") }
            #expect(line.contains("ftp://x.example/?token=***"), "\(line)")
        }
    }

    @Test("a ConfigurationError or TemporaryFailure built with a URL masks it by construction")
    func byConstruction() {
        let configuration = ConfigurationError(
            setting: "X", problem: "names postgres://u:pw1@h/db?password=pw2", fix: "see https://h/?token=pw3")
        let temporary = TemporaryFailure("the database at postgresql://127.0.0.1:1/db?password=pw4 cannot be reached")
        for line in [configuration.description, temporary.description] {
            for secret in ["pw1", "pw2", "pw3", "pw4"] { #expect(!line.contains(secret), "\(line)") }
        }
        #expect(temporary.description.contains("postgresql://127.0.0.1:1/db?password=***"))
    }

    @Test("a PostgreSQL URI's description and redact mask a password given as a query item")
    func postgresQueryPassword() throws {
        let url = try PostgresURL("postgresql://127.0.0.1:1/db?sslmode=disable&password=p%40ss")
        #expect(!url.description.contains("p%40ss"))
        #expect(url.redact("auth failed for p@ss and p%40ss") == "auth failed for *** and ***")
    }
}
