import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSecurity

/// Replays files over real HTTP. Started once per run: the fake upstreams and the `response_url`
/// sink on loopback listeners. Each file then gets a fresh application (its own settings, scenario
/// and temporary state file) on its own loopback listener, so files never depend on each other's
/// caches or saved defaults; with `target` set, requests go there instead.
///
/// Late answers go through a real `DeliveryQueue` on the file's state file, running in process as
/// in `serve`: a replay then covers the path production uses (commit, post, retry) rather than a
/// shortcut that could pass while the queue is broken.
public final class ReplayHarness: Sendable {
    public struct Options: Sendable {
        /// Signs every request; the in-process listener is configured with it.
        public var signingSecret: String
        /// Send to this listener instead of an in-process one (settings and scenarios then do not apply).
        public var target: URL?
        /// How long to wait for a late answer at `response_url`.
        public var deliveryWait: Duration

        public init(
            signingSecret: String = ReplayHarness.testSigningSecret, target: URL? = nil, deliveryWait: Duration = .seconds(30)
        ) {
            self.signingSecret = signingSecret
            self.target = target
            self.deliveryWait = deliveryWait
        }
    }

    /// Used when `SLACK_SIGNING_SECRET` is not set: replays need no configuration.
    public static let testSigningSecret = "tenki-replay-test-secret"
    /// Signs Discord interactions (`"signing": "discord"`); a new pair per run, since only this
    /// process's listeners need to know it.
    static let discordKey = Ed25519PrivateKey.generate()
    static let apiKey = "replay-key"

    public let options: Options
    /// The fake OpenWeatherMap and NewsAPI; the scenario is applied per file.
    public let fakes: FakeUpstreams
    /// Everything posted to a `response_url` (each file has its own path).
    public let sink: FakeWebhookReceiver
    /// The fakes' listener, and the sink's.
    let upstream: Listener
    let sinkListener: Listener
    let transport = CurlTransport()
    let stateDirectory: URL
    let logger: Logger
    /// The time the fakes, the applications and the request signatures agree on.
    let clock: any WallClock
    let sequence = Mutex(0)

    /// A fake's loopback listener and the origin the applications reach it at.
    struct Listener: Sendable {
        let server: HTTPServer
        let origin: String

        /// `handler` on a free loopback port; `what` names it when the port cannot be had.
        static func start(_ handler: any HTTPHandler, _ what: String, logger: Logger) throws(ReplayRunError) -> Listener {
            let configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1)
            let server = HTTPServer(configuration: configuration, handler: handler, logger: logger)
            do {
                return Listener(server: server, origin: "http://127.0.0.1:\(try server.start())")
            } catch {
                throw ReplayRunError(.listener, "\(what): \(error)")
            }
        }
    }

    var upstreamOrigin: String { upstream.origin }
    var sinkOrigin: String { sinkListener.origin }

    private init(
        options: Options, fakes: FakeUpstreams, sink: FakeWebhookReceiver, upstream: Listener, sinkListener: Listener,
        stateDirectory: URL, logger: Logger, clock: any WallClock
    ) {
        self.options = options
        self.fakes = fakes
        self.sink = sink
        self.upstream = upstream
        self.sinkListener = sinkListener
        self.stateDirectory = stateDirectory
        self.logger = logger
        self.clock = clock
    }

    /// Starts the fakes and the sink on free loopback ports. Tests pass a fixed `clock` to replay at a chosen hour.
    public static func start(
        options: Options = Options(), logger: Logger = .discarding, clock: any WallClock = SystemWallClock()
    ) async throws(ReplayRunError) -> ReplayHarness {
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: apiKey, clock: clock), news: FakeNewsAPI(apiKey: apiKey))
        let sink = FakeWebhookReceiver()
        let upstream = try Listener.start(fakes, "fake upstreams", logger: logger)
        let sinkListener: Listener
        do {
            sinkListener = try Listener.start(sink, "response_url sink", logger: logger)
        } catch {
            await upstream.server.shutdown(gracePeriod: .zero)
            throw error
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-replay-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            await upstream.server.shutdown(gracePeriod: .zero)
            await sinkListener.server.shutdown(gracePeriod: .zero)
            throw ReplayRunError(.setup, "cannot create a temporary state folder: \(error.localizedDescription)")
        }
        return ReplayHarness(
            options: options, fakes: fakes, sink: sink, upstream: upstream, sinkListener: sinkListener,
            stateDirectory: directory, logger: logger, clock: clock)
    }

    public func stop() async {
        await upstream.server.shutdown(gracePeriod: .seconds(1))
        await sinkListener.server.shutdown(gracePeriod: .seconds(1))
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// Replays one case and checks its expectation.
    public func replay(_ replayCase: ReplayCase) async -> ReplayResult {
        let file: ReplayFile
        switch replayCase.contents {
        case .success(let contents): file = contents
        case .failure(let error):
            return ReplayResult(name: replayCase.name, file: nil, observation: nil, differences: [error.description])
        }
        guard let scenario = FakeScenario(rawValue: file.scenario ?? FakeScenario.normal.rawValue) else {
            let names = FakeScenario.allCases.map(\.rawValue).joined(separator: ", ")
            return ReplayResult(
                name: replayCase.name, file: file, observation: nil,
                differences: ["unknown scenario \"\(file.scenario ?? "")\" (choose one of \(names))"])
        }
        let number = sequence.withLock { value -> Int in
            value += 1
            return value
        }
        let sinkPath = "/replay/\(number)/response"
        prepareFakes(scenario: scenario, latencyMs: file.upstreamLatencyMs)
        var notes: [String] = []
        let observation: ReplayObservation
        do {
            if let target = options.target {
                if let reason = Self.needsItsOwnListener(file) {
                    var result = ReplayResult(name: replayCase.name, file: file, observation: nil, differences: [])
                    result.skipped = "\(reason), which a running target does not have"
                    return result
                }
                if file.expect?.upstreamCalls != nil { notes.append("upstream_calls are not checked with --target") }
                observation = try await send(file, to: target, sinkPath: sinkPath, observeUpstreams: false)
            } else {
                observation = try await sendInProcess(file, sinkPath: sinkPath, number: number)
            }
        } catch {
            return ReplayResult(
                name: replayCase.name, file: file, observation: nil, differences: [error.description], notes: notes)
        }
        let differences = file.expect.map { ExpectationChecker.check($0, against: observation) } ?? []
        return ReplayResult(name: replayCase.name, file: file, observation: observation, differences: differences, notes: notes)
    }

    private func prepareFakes(scenario: FakeScenario, latencyMs: Int?) {
        scenario.apply(to: fakes)
        if let latencyMs {
            fakes.openWeather.setLatency(.milliseconds(latencyMs))
            fakes.news.setLatency(.milliseconds(latencyMs))
            fakes.feeds.setLatency(.milliseconds(latencyMs))
        }
        fakes.openWeather.removeAllCalls()
        fakes.news.removeAllCalls()
        fakes.feeds.removeAllCalls()
    }

    /// What a file needs from its own in-process listener, if anything: its settings, a scenario of
    /// the fakes, or this run's Discord key. Against a `--target` such a file cannot pass.
    static func needsItsOwnListener(_ file: ReplayFile) -> String? {
        if let settings = file.settings, !settings.isEmpty {
            return "it sets \(settings.keys.sorted().joined(separator: ", "))"
        }
        if let scenario = file.scenario, scenario != FakeScenario.normal.rawValue {
            return "it needs the fakes' \"\(scenario)\" scenario"
        }
        if file.signing == .discord || file.signing == .discordWrongKey { return "it is signed with this run's own Discord key" }
        return nil
    }

    /// A budget that never runs out first: the answer always comes back inline.
    static let waitingForTheAnswer: @Sendable (Duration) async -> Void = { _ in try? await Task.sleep(for: .seconds(3600)) }

    static func isJSON(_ response: OutboundResponse) -> Bool {
        (response.headers["Content-Type"] ?? "").lowercased().hasPrefix("application/json")
    }
}
