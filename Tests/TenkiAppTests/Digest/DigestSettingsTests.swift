import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

@Suite("Digest settings")
struct DigestSettingsTests {
    static let secret = "https://hooks.slack.com/services/T000/B000/SECRETSECRET"

    func load(_ environment: [String: String], config: String? = nil) throws(ConfigurationError) -> Settings {
        var environment = environment
        if config != nil { environment["TENKI_CONFIG"] = "/etc/tenki.json" }
        return try Settings.load(environment: environment) { path in
            if path == "/etc/tenki.json", let config { return config }
            if path == "/run/secrets/hook" { return Self.secret + "\n" }
            throw CocoaError(.fileNoSuchFile)
        }
    }

    /// The one line printed before exit 78, checked to name `setting` and never show the webhook.
    func failure(_ environment: [String: String], config: String? = nil) -> ConfigurationError? {
        do {
            _ = try load(environment, config: config)
            return nil
        } catch {
            #expect(!error.description.contains("SECRETSECRET"))
            return error
        }
    }

    @Test("DIGEST_* define the digest named default, with the catch-up window's default of 120 minutes")
    func defaultDigest() throws {
        let settings = try load([
            "DIGEST_WEBHOOK_URL": Self.secret, "DIGEST_CITIES": "Da Nang,VN;Tokyo,JP", "TENKI_LANG": "ja", "TENKI_UNITS": "imperial",
        ])
        #expect(settings.digests.map(\.name) == ["default"])
        #expect(settings.digests.first?.language == .ja)
        #expect(settings.digests.first?.units == .imperial)
        #expect(settings.digestCatchUp == 7200)
        #expect(settings.digestWait == .seconds(60))
        #expect(try load(["TENKI_DIGEST_CATCH_UP_MINUTES": "30"]).digestCatchUp == 1800)
        #expect(try load([:]).digests.isEmpty)
    }

    @Test("TENKI_CONFIG's digests list adds named digests with their own language and units")
    func namedDigests() throws {
        let config = """
            {"TENKI_DIGEST_CATCH_UP_MINUTES": 45, "digests": [
              {"name": "morning", "webhook_url": "\(Self.secret)", "schedule": "0 8 * * *", "timezone": "Asia/Tokyo",
               "cities": ["Tokyo,JP"], "news_query": "weather", "language": "ja", "units": "imperial"},
              {"name": "evening", "webhook_url_file": "/run/secrets/hook", "schedule": "@daily"}
            ]}
            """
        let settings = try load(["DIGEST_WEBHOOK_URL": Self.secret], config: config)
        #expect(settings.digests.map(\.name) == ["default", "morning", "evening"])
        let morning = try #require(settings.digests.first { $0.name == "morning" })
        #expect(morning.timeZone.identifier == "Asia/Tokyo")
        #expect(morning.cities == ["Tokyo,JP"])
        #expect(morning.newsQuery == "weather")
        #expect(morning.language == .ja)
        #expect(morning.units == .imperial)
        #expect(settings.digests.last?.webhookURL.absoluteString == Self.secret)
        #expect(settings.digests.last?.schedule == (try CronSchedule(parsing: "@daily")))
        #expect(settings.digestCatchUp == 45 * 60)
    }

    @Test("invalid digest settings are configuration errors naming the setting, never the URL")
    func invalid() {
        #expect(failure(["DIGEST_WEBHOOK_URL": Self.secret, "DIGEST_SCHEDULE": "30 25 * * *"])?.setting == "DIGEST_SCHEDULE")
        #expect(failure(["DIGEST_WEBHOOK_URL": Self.secret, "DIGEST_TIMEZONE": "Mars/Olympus"])?.setting == "DIGEST_TIMEZONE")
        #expect(failure(["TENKI_DIGEST_CATCH_UP_MINUTES": "soon"])?.setting == "TENKI_DIGEST_CATCH_UP_MINUTES")
        func entry(_ fields: String) -> String { "{\"digests\": [{\(fields)}]}" }
        let url = "\"webhook_url\": \"\(Self.secret)\""
        #expect(failure([:], config: entry("\"name\": \"m\", \(url), \"schedule\": \"every day\""))?.setting
            == "TENKI_CONFIG digests[m].schedule")
        #expect(failure([:], config: entry("\"name\": \"m\", \(url), \"timezone\": \"Nowhere\""))?.setting
            == "TENKI_CONFIG digests[m].timezone")
        #expect(failure([:], config: entry("\"name\": \"m\", \"webhook_url\": \"ftp://x/SECRETSECRET\""))?.setting
            == "TENKI_CONFIG digests[m].webhook_url")
        #expect(failure([:], config: entry("\"name\": \"m\", \(url), \"colour\": \"blue\""))?.setting == "TENKI_CONFIG digests[0]")
        #expect(failure([:], config: entry("\(url)"))?.setting == "TENKI_CONFIG digests[0].name")
        #expect(failure([:], config: entry("\"name\": \"m\", \(url), \"language\": \"fr\""))?.setting
            == "TENKI_CONFIG digests[m].language")
        #expect(failure([:], config: "{\"digests\": \"morning\"}")?.setting == "TENKI_CONFIG")
        let duplicate = "{\"digests\": [{\"name\": \"default\", \(url)}]}"
        #expect(failure(["DIGEST_WEBHOOK_URL": Self.secret], config: duplicate)?.setting == "TENKI_CONFIG digests[0].name")
    }
}
