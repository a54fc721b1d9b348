import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport

extension DigestSuite {
    /// The real `tenki digest` binary, as cron would run it, against fakes and a webhook receiver on
    /// loopback: a configuration error exits 78 without the URL, a due slot posts once across two
    /// runs, and `--dry-run` prints postable JSON.
    @Suite("tenki digest as a process")
    struct DigestProcessTests {
        @Test("exit codes and exactly-once with the real binary")
        func realBinary() async throws {
            let harness = try DigestHarness()
            let server = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1),
                handler: DigestRoutes(upstreams: FakeUpstreams(
                    openWeather: FakeOpenWeatherMap(apiKey: DigestHarness.key), news: FakeNewsAPI(apiKey: DigestHarness.key)),
                    webhook: harness.webhook),
                logger: .discarding)
            let port = try server.start()
            let base = "http://127.0.0.1:\(port)"
            // Once a year (1 January), so the latest slot is long past the window: only --force posts.
            let environment = [
                "OPENWEATHER_API_KEY": DigestHarness.key, "OPENWEATHER_BASE_URL": base, "NEWSAPI_KEY": DigestHarness.key,
                "NEWSAPI_BASE_URL": base, "DIGEST_WEBHOOK_URL": base + DigestHarness.webhookPath, "DIGEST_CITIES": "Tokyo,JP",
                "DIGEST_SCHEDULE": "0 0 1 1 *", "TENKI_DIGEST_CATCH_UP_MINUTES": "10080",
                "TENKI_STATE": harness.directory.appendingPathComponent("tenki.sqlite").path,
            ]

            let dryRun = try ChildProcess(["digest", "--dry-run"], environment: environment)
            #expect(try await dryRun.waitForExit() == 0)
            #expect(SlackLimitChecker.violations(in: Data(dryRun.stdout.utf8)).isEmpty)

            let forced = try ChildProcess(["digest", "--force"], environment: environment)
            #expect(try await forced.waitForExit() == 0)
            let again = try ChildProcess(["digest"], environment: environment)
            let code = try await again.waitForExit()
            #expect(code == 0)
            #expect(again.stderr.contains("no digest due (next:"))
            #expect(harness.posts.count == 1)

            var broken = environment
            broken["DIGEST_SCHEDULE"] = "61 * * * *"
            let invalid = try ChildProcess(["digest"], environment: broken)
            #expect(try await invalid.waitForExit() == 78)
            #expect(invalid.stderr.contains("DIGEST_SCHEDULE"))
            #expect(!invalid.stderr.contains("SECRETSECRET"))
            await server.shutdown(gracePeriod: .seconds(1))
        }

        @Test("tenki serve runs the scheduler: a due slot is posted by the listener process, and SIGTERM stops it")
        func serveScheduler() async throws {
            let harness = try DigestHarness()
            let server = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1),
                handler: DigestRoutes(upstreams: FakeUpstreams(
                    openWeather: FakeOpenWeatherMap(apiKey: DigestHarness.key), news: FakeNewsAPI(apiKey: DigestHarness.key)),
                    webhook: harness.webhook),
                logger: .discarding)
            let base = "http://127.0.0.1:\(try server.start())"
            // Every minute: the latest slot is always less than a minute old, so it is due at start.
            let serve = try ChildProcess(["serve", "--host", "127.0.0.1", "--port", "0", "--insecure-skip-verification"], environment: [
                "OPENWEATHER_API_KEY": DigestHarness.key, "OPENWEATHER_BASE_URL": base, "NEWSAPI_KEY": DigestHarness.key,
                "NEWSAPI_BASE_URL": base, "DIGEST_WEBHOOK_URL": base + DigestHarness.webhookPath, "DIGEST_CITIES": "Tokyo,JP",
                "DIGEST_SCHEDULE": "* * * * *", "TENKI_STATE": harness.directory.appendingPathComponent("tenki.sqlite").path,
            ])
            defer { serve.stop() }
            try await serve.waitFor("the digest to be delivered") { _, err in err.contains("msg=delivered") }
            #expect(harness.posts.count >= 1)
            #expect(!serve.stderr.contains("SECRETSECRET"))
            serve.signal(SIGTERM)
            #expect(try await serve.waitForExit() == 0)
            await server.shutdown(gracePeriod: .seconds(1))
        }
    }
}
