import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

@Suite("Settings")
struct SettingsTests {
    func load(_ environment: [String: String], files: [String: String] = [:]) throws(ConfigurationError) -> Settings {
        try Settings.load(environment: environment) { path in
            guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return contents
        }
    }

    @Test("defaults match README.md's settings table")
    func defaults() throws {
        let settings = try load([:])
        #expect(settings.signingSecrets.isEmpty)
        #expect(settings.allowedResponseHosts == ["hooks.slack.com", "hooks.slack-gov.com"])
        #expect(settings.openWeatherBaseURL.absoluteString == "https://api.openweathermap.org")
        #expect(settings.newsAPIBaseURL.absoluteString == "https://newsapi.org")
        #expect(settings.language == .en)
        #expect(settings.units == .metric)
        #expect(settings.schedulerEnabled)
        #expect(settings.statePath == "./tenki-state.sqlite")
        #expect(settings.commandNames == .init(weather: "/weather", news: "/news"))
        #expect(settings.inlineBudget == .milliseconds(2000))
        #expect(settings.digest == nil)
        #expect(settings.listener.maxHeaderBytes == 16 * 1024)
        #expect(settings.listener.maxBodyBytes == 64 * 1024)
    }

    @Test("two signing secrets are accepted while rotating")
    func rotation() throws {
        #expect(try load(["SLACK_SIGNING_SECRET": " old , new "]).signingSecrets == ["old", "new"])
    }

    @Test("systemd's STATE_DIRECTORY places the state file")
    func stateDirectory() throws {
        #expect(try load(["STATE_DIRECTORY": "/var/lib/tenki"]).statePath == "/var/lib/tenki/tenki.sqlite")
        #expect(try load(["STATE_DIRECTORY": "/var/lib/tenki", "TENKI_STATE": "/data/t.sqlite"]).statePath == "/data/t.sqlite")
    }

    @Test("an invalid value is an error naming the setting", arguments: [
        ("TENKI_UNITS", "kelvin"),
        ("TENKI_LANG", "fr"),
        ("TENKI_SCHEDULER", "maybe"),
        ("OPENWEATHER_BASE_URL", "api.openweathermap.org"),
        ("NEWSAPI_BASE_URL", "ftp://newsapi.org"),
        ("TENKI_INLINE_BUDGET_MS", "5000"),
        ("TENKI_MAX_BODY_BYTES", "lots"),
        ("DIGEST_TIMEZONE", "Mars/Olympus"),
        ("TENKI_WEATHER_COMMAND", "/two words"),
        ("TENKI_LOG_FORMAT", "xml"),
    ])
    func invalidValues(name: String, value: String) {
        #expect {
            _ = try load([name: value])
        } throws: { error in
            (error as? ConfigurationError)?.setting == name
        }
    }

    @Test("secrets can come from files")
    func fileSecrets() throws {
        let settings = try load(
            ["SLACK_SIGNING_SECRET_FILE": "/run/secrets/slack", "OPENWEATHER_API_KEY_FILE": "/run/secrets/owm"],
            files: ["/run/secrets/slack": "s3cret\n", "/run/secrets/owm": "owm-key\n"])
        #expect(settings.signingSecrets == ["s3cret"])
        #expect(settings.openWeatherAPIKey == "owm-key")
    }

    @Test("a secret set twice, or a file that cannot be read, is an error")
    func fileSecretErrors() {
        #expect(throws: ConfigurationError.self) {
            _ = try load(["OPENWEATHER_API_KEY": "a", "OPENWEATHER_API_KEY_FILE": "/x"], files: ["/x": "b"])
        }
        #expect {
            _ = try load(["OPENWEATHER_API_KEY_FILE": "/missing"])
        } throws: { error in
            (error as? ConfigurationError)?.setting == "OPENWEATHER_API_KEY_FILE"
        }
    }

    @Test("TENKI_CONFIG supplies settings; the environment wins; unknown keys are errors")
    func configFile() throws {
        let files = ["/etc/tenki.json": #"{"TENKI_UNITS": "imperial", "TENKI_LANG": "ja", "DIGEST_CITIES": ["Da Nang,VN", "Tokyo,JP"]}"#]
        let settings = try load(["TENKI_CONFIG": "/etc/tenki.json", "TENKI_LANG": "en"], files: files)
        #expect(settings.units == .imperial)
        #expect(settings.language == .en)
        #expect {
            _ = try load(["TENKI_CONFIG": "/c.json"], files: ["/c.json": #"{"TENKI_UNIT": "metric"}"#])
        } throws: { error in
            (error as? ConfigurationError)?.description.contains("TENKI_UNIT") == true
        }
    }

    @Test("a digest is configured by its webhook, and the webhook URL never appears in an error")
    func digest() throws {
        let secretURL = "https://hooks.slack.com/services/T000/B000/SECRETSECRET"
        let settings = try load([
            "DIGEST_WEBHOOK_URL": secretURL, "DIGEST_TIMEZONE": "Asia/Ho_Chi_Minh", "DIGEST_CITIES": "Da Nang,VN;Tokyo,JP",
        ])
        #expect(settings.digest?.cities == ["Da Nang,VN", "Tokyo,JP"])
        #expect(settings.digest?.schedule == "30 7 * * 1-5")
        #expect(settings.digest?.timeZone.identifier == "Asia/Ho_Chi_Minh")
        do {
            _ = try load(["DIGEST_WEBHOOK_URL": "not a url SECRETSECRET"])
            Issue.record("an invalid webhook URL was accepted")
        } catch {
            #expect(error.setting == "DIGEST_WEBHOOK_URL")
            #expect(!error.description.contains("SECRETSECRET"))
        }
    }

    @Test("renamed commands are normalised")
    func commandNames() throws {
        let settings = try load(["TENKI_WEATHER_COMMAND": "Tenki-Weather"])
        #expect(settings.commandNames.weather == "/tenki-weather")
    }
}
