import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes

/// Fake upstreams (OpenWeatherMap, NewsAPI, Slack's Web API, Discord's API, webhooks) served by
/// this test process on loopback, for `tenki` child processes: unlike `tenki fakes` in a process
/// of its own, the test can read what they were sent.
final class LoopbackFakes: Sendable {
    let fakes: FakeUpstreams
    let server: HTTPServer
    let base: String

    init(_ fakes: FakeUpstreams = FakeUpstreams()) throws {
        self.fakes = fakes
        server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: fakes, logger: .discarding)
        base = "http://127.0.0.1:\(try server.start())"
    }

    /// `serve`'s settings for these fakes, as `tenki fakes` prints them.
    var environment: [String: String] {
        [
            "OPENWEATHER_BASE_URL": base, "OPENWEATHER_API_KEY": FakeOpenWeatherMap.defaultAPIKey,
            "NEWSAPI_BASE_URL": base, "NEWSAPI_KEY": FakeNewsAPI.defaultAPIKey,
            "SLACK_API_BASE_URL": base + "/slack-api", "SLACK_BOT_TOKEN": fakes.slackAPI.token,
            "DISCORD_API_BASE_URL": base + "/api/v10",
        ]
    }

    /// `serve`'s whole environment for these fakes: signed with the tests' secret, its state in `state`.
    func serveEnvironment(state: String) -> [String: String] {
        environment.merging(["SLACK_SIGNING_SECRET": ServeProcessTests.secret, "TENKI_STATE": state]) { $1 }
    }

    func stop() async {
        await server.shutdown(gracePeriod: .zero)
    }
}

/// A directory of its own under the temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-process-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Running the built `tenki` and reading what it printed.
enum TenkiRun {
    /// Whether `tenki` is built beside the tests; records an issue when it is not.
    static func isBuilt() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path); run swift build first")
            return false
        }
        return true
    }

    /// Runs `tenki ARGUMENTS` to its end: (exit status, stdout, stderr).
    static func run(_ arguments: [String], _ environment: [String: String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(arguments, environment: environment)
        let status = try await child.waitForExit(limit: .seconds(60))
        return (status, child.stdout, child.stderr)
    }

    /// Polls `check` (each call may run a process) until it holds; false when `limit` passes first.
    /// A bound for a stuck test, not a timing: every caller then asserts on what was seen.
    static func until(limit: Duration = .seconds(60), _ check: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if try await check() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await check()
    }

    /// The first cell (the ID) of each table row of `listing` whose line contains `text`.
    static func ids(in listing: String, rowsContaining text: String) -> [String] {
        listing.split(separator: "\n").dropFirst().filter { $0.contains(text) }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }
}
