import Foundation
import TenkiCore
import TenkiStorage
import Testing

@testable import TenkiApp

@Suite("Settings")
struct SettingsTests {
    func load(_ environment: [String: String], files: [String: String] = [:]) throws(ConfigurationError) -> Settings {
        try Settings.load(environment: environment) { path in
            guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return contents
        }
    }

    @Test("defaults match the configuration reference")
    func defaults() throws {
        let settings = try load([:])
        #expect(settings.signingSecrets.isEmpty)
        #expect(settings.allowedResponseHosts.description == "hooks.slack.com,hooks.slack-gov.com")
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
        #expect(settings.logLevel == .info)
        #expect(settings.logFormat == .logfmt)
        #expect(settings.port == 8080)
        #expect(settings.misspeltVariables.isEmpty)
    }

    @Test("values are parsed once into types")
    func typedValues() throws {
        let settings = try load([
            "TENKI_LOG_LEVEL": "DEBUG", "TENKI_LOG_FORMAT": "json", "TENKI_NEWS_COUNTRY": "JP", "PORT": "9000",
            "TENKI_METRICS_ADDRESS": "127.0.0.1:9100", "DIGEST_SCHEDULE": "@daily",
        ])
        #expect(settings.logLevel == .debug)
        #expect(settings.logFormat == .json)
        #expect(settings.newsCountry.code == "jp")
        #expect(settings.port == 9000)
        #expect(settings.metricsAddress?.host == "127.0.0.1")
        #expect(settings.metricsAddress?.port == 9100)
    }

    @Test("two signing secrets are accepted while rotating, a third is refused without showing any")
    func rotation() throws {
        #expect(try load(["SLACK_SIGNING_SECRET": " old , new "]).signingSecrets == ["old", "new"])
        do {
            _ = try load(["SLACK_SIGNING_SECRET": "first1,second2,third3"])
            Issue.record("three signing secrets were accepted")
        } catch {
            #expect(error.setting == "SLACK_SIGNING_SECRET")
            #expect(error.description.contains("at most two"))
            for secret in ["first1", "second2", "third3"] { #expect(!error.description.contains(secret)) }
        }
    }

    @Test("systemd's STATE_DIRECTORY places the state file")
    func stateDirectory() throws {
        #expect(try load(["STATE_DIRECTORY": "/var/lib/tenki"]).statePath == "/var/lib/tenki/tenki.sqlite")
        #expect(try load(["STATE_DIRECTORY": "/var/lib/tenki", "TENKI_STATE": "/data/t.sqlite"]).statePath == "/data/t.sqlite")
    }

    @Test(
        "an invalid value is a one-line error naming the setting",
        arguments: [
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
            ("TENKI_LOG_LEVEL", "loud"),
            ("TENKI_NEWS_COUNTRY", "xx"),
            ("TENKI_METRICS_ADDRESS", "9100"),
            ("PORT", "0"),
            ("PORT", "http"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "*"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "*.slack.com"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "hooks.slack.com/services"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "https://hooks.slack.com/commands/T1"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "http://hooks.slack.com"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "hooks.slack.com,http://hooks.slack-gov.com:80"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "ftp://files.example.com"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "hooks.slack.com:0"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "hooks.slack.com:99999"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "user@hooks.slack.com"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "hooks.slack.com?x=1"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", " , "),
            ("TENKI_METRICS_TOKEN", " "),
            ("TENKI_DEFAULT_CITY", "\t"),
            ("DIGEST_SCHEDULE", "61 * * * *"),
            ("DIGEST_SCHEDULE", "every morning"),
            ("DIGEST_CITIES", ";;"),
            ("SLACK_SIGNING_SECRET", " , "),
            // Issue 40, item 6: a weak key (small order: all zero, the identity) or no point at all (all ff).
            ("DISCORD_PUBLIC_KEY", String(repeating: "00", count: 32)),
            ("DISCORD_PUBLIC_KEY", "01" + String(repeating: "00", count: 31)),
            ("DISCORD_PUBLIC_KEY", String(repeating: "ff", count: 32)),
        ])
    func invalidValues(name: String, value: String) {
        #expect {
            _ = try load([name: value])
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.setting == name && !error.description.contains("\n")
        }
    }

    @Test("a command renamed to the other command's name is refused, naming the renamed one")
    func commandCollision() {
        for (name, value) in [("TENKI_WEATHER_COMMAND", "/news"), ("TENKI_NEWS_COMMAND", "weather")] {
            #expect {
                _ = try load([name: value])
            } throws: { error in
                (error as? ConfigurationError)?.setting == name
            }
        }
        #expect(throws: Never.self) { _ = try load(["TENKI_WEATHER_COMMAND": "/news", "TENKI_NEWS_COMMAND": "/weather"]) }
    }

    @Test("a variable that looks like a setting but is none is reported with the closest setting")
    func misspeltVariables() throws {
        let settings = try load(
            [
                "TENKI_UNIT": "imperial", "OPENWEATHER_APIKEY": "k", "DIGEST_SCHEDUEL": "0 8 * * *",
                "TENKI_ZZZZZZZZZZZZZZZZ": "1",
                "SLACK_SIGNING_SECRET_FILE": "/s", "TENKI_METRICS_TOKEN_FILE": "/t", "HOME": "/root",
                "STATE_DIRECTORY": "/var/lib/tenki",
            ], files: ["/s": "secret", "/t": "token"])
        let found = settings.misspeltVariables.map { "\($0.name)->\($0.closest ?? "-")" }
        #expect(
            found == [
                "DIGEST_SCHEDUEL->DIGEST_SCHEDULE", "OPENWEATHER_APIKEY->OPENWEATHER_API_KEY", "TENKI_UNIT->TENKI_UNITS",
                "TENKI_ZZZZZZZZZZZZZZZZ->-",
            ])
    }

    @Test("an empty secret file or variable is unset; a secret file of white space only is refused")
    func emptyValues() throws {
        for blank in ["\n", "  ", " \t\r\n"] {
            #expect {
                _ = try load(["TENKI_METRICS_TOKEN_FILE": "/run/secrets/metrics"], files: ["/run/secrets/metrics": blank])
            } throws: { error in
                (error as? ConfigurationError)?.setting == "TENKI_METRICS_TOKEN_FILE"
            }
        }
        let placeholders = try load(
            ["TENKI_METRICS_TOKEN_FILE": "/run/secrets/metrics", "NEWSAPI_KEY_FILE": "/run/secrets/newsapi"],
            files: ["/run/secrets/metrics": "", "/run/secrets/newsapi": ""])
        #expect(placeholders.metricsToken == nil)
        #expect(placeholders.newsAPIKey == nil)
        #expect(try load(["TENKI_METRICS_TOKEN": ""]).metricsToken == nil)
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
        let files = [
            "/etc/tenki.json": #"{"TENKI_UNITS": "imperial", "TENKI_LANG": "ja", "DIGEST_CITIES": ["Da Nang,VN", "Tokyo,JP"]}"#
        ]
        let settings = try load(["TENKI_CONFIG": "/etc/tenki.json", "TENKI_LANG": "en"], files: files)
        #expect(settings.units == .imperial)
        #expect(settings.language == .en)
        #expect {
            _ = try load(["TENKI_CONFIG": "/c.json"], files: ["/c.json": #"{"TENKI_UNIT": "metric"}"#])
        } throws: { error in
            (error as? ConfigurationError)?.description.contains("did you mean TENKI_UNITS?") == true
        }
    }

    @Test("a digest is configured by its webhook, and the webhook URL never appears in an error")
    func digest() throws {
        let secretURL = "https://hooks.slack.com/services/T000/B000/SECRETSECRET"
        let settings = try load([
            "DIGEST_WEBHOOK_URL": secretURL, "DIGEST_TIMEZONE": "Asia/Ho_Chi_Minh", "DIGEST_CITIES": "Da Nang,VN;Tokyo,JP",
        ])
        #expect(settings.digest?.cities == ["Da Nang,VN", "Tokyo,JP"])
        #expect(settings.digest?.schedule == (try CronSchedule(parsing: "30 7 * * 1-5")))
        #expect(settings.digest?.timeZone.identifier == "Asia/Ho_Chi_Minh")
        do {
            _ = try load(["DIGEST_WEBHOOK_URL": "not a url SECRETSECRET"])
            Issue.record("an invalid webhook URL was accepted")
        } catch {
            #expect(error.setting == "DIGEST_WEBHOOK_URL")
            #expect(!error.description.contains("SECRETSECRET"))
        }
    }

    @Test("time zones are kept as checked names, UTC by default; a digest gets the zone its name says")
    func timeZoneNames() throws {
        let defaults = try load([:])
        #expect(defaults.subscriptionTimeZone == "UTC")
        #expect(defaults.digestTimeZone == "UTC")
        let named = try load([
            "TENKI_TIMEZONE": "Asia/Tokyo", "DIGEST_WEBHOOK_URL": "https://hooks.slack.com/services/T000/B000/X",
        ])
        #expect(named.subscriptionTimeZone == "Asia/Tokyo")
        #expect(named.digest?.timeZone.secondsFromGMT() == 0)  // Foundation names UTC's zone "GMT"
        #expect(throws: ConfigurationError.self) { try load(["TENKI_TIMEZONE": "Mars/Olympus"]) }
    }

    @Test("renamed commands are normalised")
    func commandNames() throws {
        let settings = try load(["TENKI_WEATHER_COMMAND": "Tenki-Weather"])
        #expect(settings.commandNames.weather == "/tenki-weather")
    }
}
