import Foundation
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiDelivery
import TenkiFakes
import TenkiTestSupport

/// Fake providers and a fake incoming webhook behind one in-process transport, routed by path
/// (`HandlerTransport` ignores the host).
struct DigestRoutes: AsyncHTTPHandler {
    let upstreams: FakeUpstreams
    let webhook: FakeWebhookReceiver


    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        request.path.hasPrefix("/hooks/") ? await webhook.respond(to: request) : await upstreams.respond(to: request)
    }
}

/// One digest set-up on a temporary state file and a manual clock: settings from an environment,
/// fakes, a webhook receiver, and factories for schedulers and queues that, like separate
/// processes, each open their own connection to the file.
final class DigestHarness: Sendable {
    static let key = "digest-key"
    static let webhookPath = "/hooks/T000/B000/SECRETSECRET"
    static let webhookURL = "http://hooks.test" + webhookPath
    /// Monday 2026-11-30 00:00 UTC.
    static let monday = Date(timeIntervalSince1970: 1_795_996_800)

    let directory: URL
    let clock: ManualClock
    let webhook: FakeWebhookReceiver
    let upstreams: FakeUpstreams
    let settings: Settings

    init(environment extra: [String: String] = [:], start: Date = DigestHarness.monday, webhook: FakeWebhookReceiver = FakeWebhookReceiver(),
         latency: Duration = .zero) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-digest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = ManualClock(start)
        self.webhook = webhook
        upstreams = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: Self.key, latency: latency, clock: clock),
            news: FakeNewsAPI(apiKey: Self.key, latency: latency))
        var environment = [
            "OPENWEATHER_API_KEY": Self.key, "OPENWEATHER_BASE_URL": "http://fakes.test",
            "NEWSAPI_KEY": Self.key, "NEWSAPI_BASE_URL": "http://fakes.test",
            "DIGEST_WEBHOOK_URL": Self.webhookURL, "DIGEST_CITIES": "Da Nang,VN;Tokyo,JP",
            "TENKI_STATE": directory.appendingPathComponent("tenki.sqlite").path,
        ]
        for (name, value) in extra { environment[name] = value.isEmpty ? nil : value }
        settings = try Settings.load(environment: environment) { path in try String(contentsOfFile: path, encoding: .utf8) }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var transport: HandlerTransport { HandlerTransport(DigestRoutes(upstreams: upstreams, webhook: webhook)) }

    /// Posts that reached the channel.
    var posts: [[UInt8]] { webhook.accepted(at: Self.webhookPath) }

    /// A scheduler and its queue as one `serve` process would have them: a connection of its own.
    func process(logger: Logger = .discarding) throws -> (scheduler: DigestScheduler, queue: DeliveryQueue) {
        let server = try server(logger: logger)
        return (DigestScheduler(runner: server.digests, clock: clock, logger: logger), server.queue)
    }

    /// One process's server on the harness's state file and fakes: its own connection and queue.
    func server(
        logger: Logger = .discarding, waitForBudget: @escaping @Sendable (Duration) async -> Void = TimelyResponder.sleeping
    ) throws -> TenkiServer {
        try TenkiServer.build(
            settings: settings,
            dependencies: ServerDependencies(
                transport: transport, clock: clock, logger: logger, state: .settings, verification: .skipped,
                waitForBudget: waitForBudget))
    }

    /// `tenki digest` with these options at the clock's time. Waiting for a slot moves the clock
    /// (by default), so a run that waits ends at the slot's time, without real sleeping.
    func command(
        _ options: DigestCommand.Options = .init(), settings: Settings? = nil, sleep: DigestCommand.Sleep? = nil
    ) async throws -> DigestCommand.Report {
        let clock = self.clock
        return try await DigestCommand.execute(
            options, settings: settings ?? self.settings, transport: transport, clock: clock, logger: .discarding,
            sleep: sleep ?? { clock.advance(by: $0.seconds) })
    }

    /// `date` at `hour:minute` UTC on the harness's Monday plus `days`.
    static func at(_ hour: Int, _ minute: Int, days: Int = 0) -> Date {
        monday.addingTimeInterval(TimeInterval(days * 86_400 + hour * 3600 + minute * 60))
    }
}

extension Duration {
    /// The duration in seconds, for moving a `ManualClock`.
    var seconds: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}

extension DigestRunner.Outcome {
    var isPosted: Bool {
        if case .posted = self { return true }
        return false
    }
}
