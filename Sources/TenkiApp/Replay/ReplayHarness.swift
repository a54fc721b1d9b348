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
                if file.settings != nil || file.scenario != nil {
                    notes.append("settings and scenario do not apply with --target")
                }
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

    /// The file's own application and listener, with late answers through a queue on its state file.
    private func sendInProcess(
        _ file: ReplayFile, sinkPath: String, number: Int
    ) async throws(ReplayRunError) -> ReplayObservation {
        var environment = SettingsTable.environment([
            \.openWeatherAPIKey: Self.apiKey, \.newsAPIKey: Self.apiKey, \.logLevel: "error",
        ])
        // `{upstream}` in a file's setting is the fakes' origin (feeds listed at `{upstream}/feeds/…`).
        for (name, value) in file.settings ?? [:] {
            environment[name] = value.isEmpty ? nil : value.replacingOccurrences(of: "{upstream}", with: upstreamOrigin)
        }
        let discordKeyName = SettingsTable.name(\.discordPublicKey)
        environment.merge(
            SettingsTable.environment([
                \.signingSecrets: options.signingSecret, \.openWeatherBaseURL: upstreamOrigin, \.newsAPIBaseURL: upstreamOrigin,
                \.allowedResponseHosts: "127.0.0.1",
                // A deferred Discord answer is a PATCH of `{base}/webhooks/…/@original`: under the file's sink path.
                \.discordAPIBaseURL: sinkOrigin + sinkPath,
                \.statePath: stateDirectory.appendingPathComponent("replay-\(number).sqlite").path,
            ])
        ) { _, table in table }
        if file.settings?[discordKeyName] == nil { environment[discordKeyName] = Self.discordKey.publicKey.hex }
        // No inline budget unless the file sets one: a replay checks answers, not speed, and a
        // loaded CI machine must not turn an inline answer into a placeholder. (The wait is
        // cancelled as soon as the answer is ready.)
        let budgeted = file.settings?[SettingsTable.name(\.inlineBudget)].map { !$0.isEmpty } ?? false
        let server: TenkiServer
        do {
            let settings = try Settings.load(environment: environment)
            server = try TenkiServer.build(
                settings: settings,
                dependencies: ServerDependencies(
                    transport: transport, clock: clock, logger: logger, state: .settings,
                    waitForBudget: budgeted ? TimelyResponder.sleeping : Self.waitingForTheAnswer))
        } catch {
            throw ReplayRunError(.settings, String(describing: error))
        }
        let options = TenkiServer.ListenOptions(host: "127.0.0.1", port: 0, scheduler: false)
        let result: Result<ReplayObservation, ReplayRunError>
        do {
            // The file's listener and queue run while the request is sent, then drain at once.
            result = try await server.serving(options, drainDelay: .zero, drainTimeout: .seconds(1)) { port in
                let origin = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
                do throws(ReplayRunError) {
                    return .success(try await send(file, to: origin, sinkPath: sinkPath, observeUpstreams: true))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw ReplayRunError(.listener, String(describing: error))
        }
        return try result.get()
    }

    private func send(
        _ file: ReplayFile, to origin: URL, sinkPath: String, observeUpstreams: Bool
    ) async throws(ReplayRunError) -> ReplayObservation {
        let request = file.outboundRequest(
            origin: origin, responseURL: sinkOrigin + sinkPath, signingSecret: options.signingSecret, discordKey: Self.discordKey,
            now: clock.now())
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw ReplayRunError(.transport, String(describing: error))
        }
        if file.expect?.responseURL != nil {
            let deadline = ContinuousClock.now + options.deliveryWait
            while delivered(under: sinkPath).isEmpty, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let message = Self.isJSON(response) ? try? JSONDecoder().decode(SlackMessage.self, from: Data(response.body)) : nil
        let calls = observeUpstreams ? upstreamCalls() : []
        return ReplayObservation(
            status: response.status, body: response.body, message: message, upstreamCalls: calls,
            upstreamCallsObserved: observeUpstreams, deliveries: delivered(under: sinkPath).map(\.body))
    }

    /// What reached the sink at `path`, or below it (Discord's `@original` under its API base).
    private func delivered(under path: String) -> [FakeWebhookReceiver.Request] {
        sink.requests.filter { $0.path == path || $0.path.hasPrefix(path + "/") }
    }

    private func upstreamCalls() -> [ReplayObservation.UpstreamCall] {
        let hidden: Set<String> = ["appid", "apikey"]
        let weather = fakes.openWeather.calls.map { call in
            ReplayObservation.UpstreamCall(
                method: call.method, path: call.path,
                query: call.queryItems.filter { !hidden.contains($0.name.lowercased()) }.map { ($0.name, $0.value) })
        }
        let news = fakes.news.calls.map { call in
            ReplayObservation.UpstreamCall(
                method: call.method, path: call.path,
                query: call.queryItems.filter { !hidden.contains($0.name.lowercased()) }.map { ($0.name, $0.value) })
        }
        let feeds = fakes.feeds.calls.map { ReplayObservation.UpstreamCall(method: $0.method, path: $0.path, query: []) }
        return weather + news + feeds
    }

    /// A budget that never runs out first: the answer always comes back inline.
    static let waitingForTheAnswer: @Sendable (Duration) async -> Void = { _ in try? await Task.sleep(for: .seconds(3600)) }

    static func isJSON(_ response: OutboundResponse) -> Bool {
        (response.headers["Content-Type"] ?? "").lowercased().hasPrefix("application/json")
    }
}

/// Why a file could not be replayed at all (as opposed to replaying with a different answer):
/// the step that failed, and how.
public struct ReplayRunError: Error, Sendable, CustomStringConvertible {
    public enum Step: String, Sendable {
        case setup = "could not prepare the replay"
        case settings = "the file's settings are invalid"
        case listener = "could not start the listener"
        case transport = "the request got no response"
    }

    public var step: Step
    public var problem: String

    init(_ step: Step, _ problem: String) {
        self.step = step
        self.problem = problem
    }

    public var description: String { "\(step.rawValue): \(problem)" }
}
