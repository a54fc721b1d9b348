import Foundation
import Testing
@testable import TenkiHTTPServer
@testable import TenkiApp

/// What a new user met trying the commands: a preview refused for want of a key it did not need,
/// a metrics address in use reported as a bare errno, a fakes line that broke when pasted.
@Suite("Exit codes a new user meets")
struct NewUserExitCodeTests {
    static func state() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tenki-new-user-\(UUID()).sqlite").path
    }

    @Test("preview needs the weather key only for what asks OpenWeatherMap, and a news source only for news")
    func previewNeedsOnlyWhatItUses() async throws {
        guard TenkiRun.isBuilt() else { return }
        for line in ["/weather help", "/weather set units imperial", "/weather", "/weather unset", "/news help"] {
            let run = try await TenkiRun.run(["preview", line], [:])
            #expect(run.status == 0, "\(line): \(run.stderr)")
        }
        let weather = try await TenkiRun.run(["preview", "/weather Danang"], [:])
        #expect(weather.status == 78 && weather.stderr.contains("OPENWEATHER_API_KEY is not set"), "\(weather)")
        let saved = try await TenkiRun.run(["preview", "/weather set Danang"], [:])
        #expect(saved.status == 78, "\(saved)")
        let team = try await TenkiRun.run(["preview", "/weather"], ["TENKI_DEFAULT_CITY": "Danang"])
        #expect(team.status == 78, "a bare /weather asks for the team's city: \(team)")
        let news = try await TenkiRun.run(["preview", "/news"], [:])
        #expect(news.status == 78 && news.stderr.contains("NEWSAPI_KEY is not set, nor TENKI_NEWS_FEEDS"), "\(news)")
    }

    @Test("a metrics address in use is exit 75 naming the address and its setting")
    func metricsAddressInUse() async throws {
        guard TenkiRun.isBuilt() else { return }
        let held = try HTTPServer.listen(host: "127.0.0.1", port: 0)
        defer { close(held.fd) }
        let run = try await TenkiRun.run(
            ["serve", "--host", "127.0.0.1", "--port", "0"],
            [
                "TENKI_METRICS_ADDRESS": "127.0.0.1:\(held.port)", "SLACK_SIGNING_SECRET": "secret",
                "OPENWEATHER_API_KEY": "key", "TENKI_STATE": Self.state(),
            ])
        #expect(run.status == 75, "\(run)")
        #expect(run.stderr.contains("cannot listen on 127.0.0.1:\(held.port) (set by TENKI_METRICS_ADDRESS)"), "\(run.stderr)")
    }

    @Test("tenki with no command is a usage error: the overview on stderr, nothing on stdout, exit 64")
    func bareTenki() async throws {
        guard TenkiRun.isBuilt() else { return }
        let run = try await TenkiRun.run([], [:])
        #expect(run.status == 64 && run.stdout.isEmpty && run.stderr.contains("USAGE: tenki <command>"), "\(run)")
        let help = try await TenkiRun.run(["--help"], [:])
        #expect(help.status == 0 && help.stdout.contains("'tenki --version' prints the version"), "\(help)")
    }

    @Test("a metrics address that is the listener's own is a setting to correct (78), not a port in use (75)")
    func metricsAddressIsTheListeners() async throws {
        guard TenkiRun.isBuilt() else { return }
        let free = try HTTPServer.listen(host: "127.0.0.1", port: 0)
        close(free.fd)
        let run = try await TenkiRun.run(
            ["serve", "--host", "127.0.0.1", "--port", "\(free.port)"],
            [
                "TENKI_METRICS_ADDRESS": "0.0.0.0:\(free.port)", "SLACK_SIGNING_SECRET": "secret",
                "OPENWEATHER_API_KEY": "key", "TENKI_STATE": Self.state(),
            ])
        #expect(run.status == 78 && run.stderr.contains("TENKI_METRICS_ADDRESS is the listener's own port"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "a refusal is the only line: \(run.stderr)")
    }

    @Test("the fakes' feeds line keeps its list in quotes, so a shell reads it as one value")
    func feedsLineIsQuoted() {
        let line = FakesCommand.feedsLine(["a=http://127.0.0.1:1/feeds/a.rss", "b=http://127.0.0.1:1/feeds/b.xml"])
        #expect(line.contains("TENKI_NEWS_FEEDS='a=http://127.0.0.1:1/feeds/a.rss;b=http://127.0.0.1:1/feeds/b.xml' "))
        #expect(line.hasSuffix(" TENKI_NEWS_FEEDS_ALLOW_PRIVATE=on"))
    }
}
