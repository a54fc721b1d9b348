import Foundation
import TenkiCore
import TenkiFakes
import TenkiHTTPClient

/// One file's request: to its own in-process application, or to `target`, and what came of it
/// (the answer, the upstream calls, what reached its `response_url`).
extension ReplayHarness {
    /// The file's own application and listener, with late answers through a queue on its state file.
    func sendInProcess(
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

    func send(
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
    func delivered(under path: String) -> [FakeWebhookReceiver.Request] {
        sink.requests.filter { $0.path == path || $0.path.hasPrefix(path + "/") }
    }

    func upstreamCalls() -> [ReplayObservation.UpstreamCall] {
        let hidden: Set<String> = ["appid", "apikey"]
        // The API keys never show in a transcript.
        let withoutKeys = { (call: RecordedCall) in
            ReplayObservation.UpstreamCall(
                method: call.method, path: call.path,
                query: call.queryItems.filter { !hidden.contains($0.name.lowercased()) }.map { ($0.name, $0.value) })
        }
        let feeds = fakes.feeds.calls.map { ReplayObservation.UpstreamCall(method: $0.method, path: $0.path, query: []) }
        return fakes.openWeather.calls.map(withoutKeys) + fakes.news.calls.map(withoutKeys) + feeds
    }
}
