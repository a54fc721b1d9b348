import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiMetrics
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

extension DigestSuite {
    /// `tenki digest`'s core on a manual clock, a real state file and a fake webhook behind
    /// `HandlerTransport`: each `execute` opens the file anew, like a cron job's process.
    @Suite("tenki digest")
    struct DigestCommandTests {
        @Test("run twice for the same slot, it posts once")
        func twiceSameSlot() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 30))
            let first = try await harness.command()
            #expect(first.exitCode == .success)
            #expect(first.diagnostics.contains { $0.contains("digest default delivered") })
            harness.clock.set(DigestHarness.at(7, 45))
            let second = try await harness.command()
            #expect(second.exitCode == .success)
            #expect(second.diagnostics.contains { $0.hasPrefix("no digest due (next: 2026-12-01 07:30 UTC") })
            #expect(harness.posts.count == 1)
        }

        @Test("07:30 schedule, 2-hour window: at 09:00 it posts; at 10:00 no digest is due and it exits 0")
        func catchUpWindow() async throws {
            let late = try DigestHarness()
            late.clock.set(DigestHarness.at(9, 0))
            #expect(try await late.command().exitCode == .success)
            #expect(late.posts.count == 1)

            let tooLate = try DigestHarness()
            tooLate.clock.set(DigestHarness.at(10, 0))
            let report = try await tooLate.command()
            #expect(report.exitCode == .success)
            #expect(report.diagnostics.contains { $0.hasPrefix("no digest due (next:") && $0.contains("catch-up window") })
            #expect(tooLate.posts.isEmpty)
        }

        @Test("a run up to 5 minutes early posts the coming slot; --force posts again whatever the ledger says")
        func earlyAndForce() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 26))
            #expect(try await harness.command().exitCode == .success)
            #expect(harness.posts.count == 1)
            harness.clock.set(DigestHarness.at(7, 31))
            #expect(try await harness.command().exitCode == .success)
            #expect(harness.posts.count == 1)
            #expect(try await harness.command(.init(force: true)).exitCode == .success)
            #expect(harness.posts.count == 2)
        }

        @Test("a dead post exits 1 and shows as digest:default in the outbox; a post still retrying at the deadline exits 75")
        func deadAndPending() async throws {
            let dead = try DigestHarness(webhook: FakeWebhookReceiver(fallback: .slackError("channel_not_found")))
            dead.clock.set(DigestHarness.at(7, 30))
            let metrics = MetricsRegistry()
            let report = try await DigestCommand.execute(
                .init(), settings: dead.settings, transport: dead.transport, clock: dead.clock, logger: .discarding, metrics: metrics)
            #expect(report.exitCode == .failure)
            #expect(metrics.counter("tenki_digest_runs_total", [("digest", "default"), ("outcome", "dead")]) == 1)
            #expect(!report.diagnostics.joined().contains("SECRETSECRET"))
            let store = try SQLiteDeliveryStore(path: dead.settings.statePath)
            let listed = try await store.list(states: [.dead])
            #expect(listed.map(\.kind) == ["digest:default"])
            #expect(listed.first?.lastError?.contains("channel_not_found") == true)

            let pending = try DigestHarness(webhook: FakeWebhookReceiver(fallback: .status(500, "rollup_error")))
            pending.clock.set(DigestHarness.at(7, 30))
            #expect(try await pending.command(.init(wait: .milliseconds(1))).exitCode == .temporaryFailure)
        }

        @Test("--dry-run prints a message within Slack's block limits, posts nothing and writes no state file")
        func dryRun() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 30))
            let report = try await harness.command(.init(dryRun: true))
            #expect(report.exitCode == .success)
            let json = try #require(report.output.first)
            #expect(SlackLimitChecker.violations(in: Data(json.utf8)).isEmpty)
            #expect(json.contains("Da Nang"))
            #expect(harness.webhook.requests.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: harness.settings.statePath))
        }

        @Test("a run keeps the weather it fetched in the state file; --dry-run on that file keeps nothing")
        func dryRunKeepsNoAnswers() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 30))
            #expect(try await harness.command().exitCode == .success)
            let database = try SQLiteDatabase(path: harness.settings.statePath)
            func storedWeather() throws -> Int {
                try database.withConnection { connection throws(SQLiteError) in
                    try connection.query("SELECT count(*) FROM weather_answers") { $0.int(0) }.first ?? -1
                }
            }
            #expect(try storedWeather() > 0, "the run waits for its writes before it exits")
            try database.withConnection { connection throws(SQLiteError) in try connection.execute("DELETE FROM weather_answers") }
            #expect(try await harness.command(.init(dryRun: true, force: true)).exitCode == .success)
            #expect(try storedWeather() == 0)
        }

        @Test("no digest configured, or cities without an OpenWeatherMap key, is a configuration error")
        func configurationErrors() async throws {
            let none = try DigestHarness(environment: ["DIGEST_WEBHOOK_URL": ""])
            await #expect(throws: ConfigurationError.self) { try await none.command() }
            let noKey = try DigestHarness(environment: ["OPENWEATHER_API_KEY": ""])
            do {
                _ = try await noKey.command()
                Issue.record("ran without an OpenWeatherMap key")
            } catch let error as ConfigurationError {
                #expect(error.setting == "OPENWEATHER_API_KEY")
            }
            let harness = try DigestHarness()
            await #expect(throws: UsageError.self) { try await harness.command(.init(name: "evening")) }
        }

        @Test("command-line flags parse; unknown ones are usage errors")
        func parsing() throws {
            #expect(try DigestCommand.parse(["--digest", "morning", "--dry-run", "--force", "--wait", "5"])
                == .init(name: "morning", dryRun: true, force: true, wait: .seconds(5)))
            #expect(throws: UsageError.self) { try DigestCommand.parse(["--now"]) }
            #expect(throws: UsageError.self) { try DigestCommand.parse(["--wait", "0"]) }
        }
    }
}
