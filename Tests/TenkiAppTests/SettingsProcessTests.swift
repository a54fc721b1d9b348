import Foundation
import Testing

@testable import TenkiApp
import TenkiBase
@testable import TenkiHTTPServer

/// `tenki serve` refusing to start as an operator sees it: the exit code and the one line on stderr.
@Suite("tenki serve refuses bad settings at start", .serialized)
final class SettingsProcessTests: Sendable {
    /// Each test's own folder for the state file a start may create, removed when the test is done.
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory() }

    deinit { scratch.remove() }

    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = [
            "SLACK_SIGNING_SECRET": "process-test-secret", "OPENWEATHER_API_KEY": "k",
            "TENKI_STATE": scratch.path("tenki.sqlite"),
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    @Test(
        "an invalid setting exits 78 with one line naming it",
        arguments: [
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "*"),
            ("TENKI_ALLOWED_RESPONSE_HOSTS", "http://hooks.slack.com"),
            ("TENKI_WEATHER_COMMAND", "/news"),
            ("TENKI_METRICS_TOKEN", " "),
            ("DIGEST_SCHEDULE", "61 * * * *"),
            ("DISCORD_PUBLIC_KEY", String(repeating: "00", count: 32)),
        ])
    func refused(name: String, value: String) async throws {
        guard TenkiRun.isBuilt() else { return }
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "0"], environment: environment([name: value]))
        defer { serve.stop() }
        #expect(try await serve.waitForExit() == ExitCode.configuration.rawValue)
        let stderr = serve.stderr
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(stderr)")
        #expect(lines.first?.hasPrefix("configuration error: \(name) ") == true, "\(stderr)")
    }

    @Test("a misspelt variable is warned about at start, naming the setting it was meant to be")
    func misspeltWarning() async throws {
        guard TenkiRun.isBuilt() else { return }
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler"],
            environment: environment(["TENKI_UNIT": "imperial"]))
        defer { serve.stop() }
        let (_, log) = try await serve.waitFor("the listener") { _, err in ChildProcess.listeningPort(in: err) != nil }
        let warning = log.split(separator: "\n").first { $0.contains("not a Tenki setting") }
        #expect(warning?.contains("variable=TENKI_UNIT") == true, "\(log)")
        #expect(warning?.contains("did_you_mean=TENKI_UNITS") == true, "\(log)")
    }

    @Test("a start that deserves a look says why before its listening line, and still starts")
    func startUpWarnings() async throws {
        guard TenkiRun.isBuilt() else { return }
        // No news source, and verification off: each has its own warning.
        let serve = try ChildProcess(
            ["serve", "--port", "0", "--no-scheduler", "--insecure-skip-verification"], environment: environment([:]))
        defer { serve.stop() }
        let (_, log) = try await serve.waitFor("the listener") { _, err in ChildProcess.listeningPort(in: err) != nil }
        let lines = log.split(separator: "\n").map(String.init)
        let verificationOff = lines.firstIndex { $0.contains("level=warning") && $0.contains("signature verification is OFF") }
        let newsUnset = lines.firstIndex {
            $0.contains("level=warning") && $0.contains("NEWSAPI_KEY and TENKI_NEWS_FEEDS are not set")
        }
        let listening = lines.firstIndex { $0.contains("level=notice") && $0.contains("commands=") }
        #expect(verificationOff != nil && newsUnset != nil && listening != nil, "\(log)")
        #expect(!lines.contains { $0.contains("OPENWEATHER_API_KEY is not set") }, "\(log)")
        if let verificationOff, let newsUnset, let listening {
            #expect(verificationOff < listening && newsUnset < listening, "\(log)")
        }
    }

    @Test("a port in use exits 75 with one line naming the address and the flag")
    func portInUse() async throws {
        guard TenkiRun.isBuilt() else { return }
        let holder = try HTTPServer.listen(host: "127.0.0.1", port: 0)
        defer { close(holder.fd) }
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "\(holder.port)"], environment: environment([:]))
        defer { serve.stop() }
        #expect(try await serve.waitForExit() == ExitCode.temporaryFailure.rawValue)
        let stderr = serve.stderr
        let line = stderr.split(separator: "\n").first { $0.contains("cannot listen") }.map(String.init) ?? ""
        #expect(line.contains("127.0.0.1:\(holder.port)"), "\(stderr)")
        #expect(line.contains("--port"), "\(stderr)")
        #expect(line.contains("already in use"), "\(stderr)")
    }

    @Test(
        "a database or feed list that cannot be used never prints its password or token (issue 40, item 5)",
        arguments: [
            ("TENKI_DATABASE_URL", "postgresql://127.0.0.1:1/db?password=PW-SHOULD-NOT-LEAK"),
            ("TENKI_DATABASE_URL", "postgres://tenki:PW-SHOULD-NOT-LEAK@127.0.0.1:1/db"),
            ("TENKI_NEWS_FEEDS", "a=https://u:PW-SHOULD-NOT-LEAK@x.example/f;b=gopher://y.example/?token=PW-SHOULD-NOT-LEAK"),
        ])
    func secretsNotPrinted(name: String, value: String) async throws {
        guard TenkiRun.isBuilt() else { return }
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler"], environment: environment([name: value]))
        defer { serve.stop() }
        let code = try await serve.waitForExit()
        // 75 when libpq is installed and the server refuses; 78 when libpq is missing or the feed list is refused.
        #expect(code == ExitCode.temporaryFailure.rawValue || code == ExitCode.configuration.rawValue)
        let stderr = serve.stderr
        #expect(stderr.contains(name), "\(stderr)")
        #expect(!stderr.contains("PW-SHOULD-NOT-LEAK"), "\(stderr)")
    }
}
