import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiMetrics
import TenkiFakes
import TenkiTestSupport

/// Keys never leave: every error path of both providers is driven with recognisable secrets, and
/// every log line (debug included), metric and reply is scanned for them.
@Suite("Secrets never leak")
struct SecretLeakTests {
    static let weatherKey = "OWM-KEY-SHOULD-NOT-LEAK-0123456789"
    static let newsKey = "NEWS-KEY-SHOULD-NOT-LEAK-0123456789"
    static let bearer = "BEARER-SHOULD-NOT-LEAK-0123456789"
    static let secrets = [weatherKey, newsKey, bearer, AppHarness.secret]

    static let commands: [(String, String)] = [
        ("/weather", "Danang"), ("/weather", "Danang forecast"), ("/weather", "16.05,108.22"), ("/weather", "Atlantis"),
        ("/weather", "set Danang"), ("/news", ""), ("/news", "ベトナム"), ("/news", "tech"),
    ]

    @Test("every scenario, every command: logs, metrics and replies are clean", arguments: FakeScenario.allCases.filter { $0 != .slow })
    func scan(scenario: FakeScenario) async throws {
        let logs = InMemoryLogSink()
        let metrics = MetricsRegistry()
        // The fakes accept other keys, so the real ones are "wrong": the 401 path runs too.
        let keyAccepted = scenario != .unauthorized
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: keyAccepted ? Self.weatherKey : "other", clock: AppHarness.FixedClock(date: AppHarness.now)),
            news: FakeNewsAPI(apiKey: keyAccepted ? Self.newsKey : "other"))
        scenario.apply(to: fakes)
        let harness = try AppHarness(
            environment: [
                "OPENWEATHER_API_KEY": Self.weatherKey, "NEWSAPI_KEY": Self.newsKey,
                "OPENWEATHER_BEARER_TOKEN": Self.bearer, "NEWSAPI_BEARER_TOKEN": Self.bearer,
            ],
            logger: logs.logger(threshold: .debug), metrics: metrics, fakes: fakes)
        var captured: [String] = []
        for (command, text) in Self.commands {
            let response = await harness.send(command, text)
            captured.append(String(decoding: response.body, as: UTF8.self))
            captured.append(response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
        }
        captured += logs.lines
        captured.append(metrics.exposition())
        #expect(logs.records.count > Self.commands.count, "the debug log should have recorded upstream calls")
        for text in captured {
            for secret in Self.secrets {
                #expect(!text.contains(secret), "leaked \(secret.prefix(8))… in: \(text.prefix(300))")
            }
        }
    }

    @Test("timeouts and refused connections are clean too")
    func transportFailures() async throws {
        for failure in [TransportError.timedOut, .connectionFailed(reason: "refused"), .invalidResponse(reason: "garbage")] {
            let logs = InMemoryLogSink()
            let settings = try Settings.load(environment: [
                "SLACK_SIGNING_SECRET": AppHarness.secret, "OPENWEATHER_API_KEY": Self.weatherKey, "NEWSAPI_KEY": Self.newsKey,
            ])
            let application = try TenkiServer.build(
                settings: settings,
                dependencies: ServerDependencies(transport: FailingTransport(error: failure), logger: logs.logger(threshold: .debug), lateAnswers: .none, waitForBudget: AppHarness.budgetNeverSpent))
            for (command, text) in Self.commands {
                let message = await application.commands.respond(
                    to: SlashCommandPayload(command: command, text: text, userID: "U1"), logger: logs.logger(threshold: .debug)).message
                let reply = String(decoding: MessageEncoding.json(message), as: UTF8.self)
                #expect(message.responseType == .ephemeral, "an error reply is private: \(command) \(text)")
                for secret in Self.secrets { #expect(!reply.contains(secret)) }
            }
            for line in logs.lines { for secret in Self.secrets { #expect(!line.contains(secret), "\(line)") } }
        }
    }
}
