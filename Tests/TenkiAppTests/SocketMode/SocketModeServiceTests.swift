import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiLogging
import TenkiMetrics
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// `SocketModeService` driven with in-memory connections, a scripted connector and a sleep that
/// returns at once (recording how long it was asked to wait): no network, no timing.
@Suite("Socket Mode service", .timeLimit(.minutes(1)))
struct SocketModeServiceTests {
    let timeline = SocketTimeline()
    let metrics = MetricsRegistry()
    let responder = RouterTests.RecordingResponder()
    /// What the service was asked to wait, in order.
    var waits: [Duration] {
        timeline.all.compactMap { $0.hasPrefix("slept ") ? Int($0.dropFirst(6)).map { .seconds($0) } : nil }
    }

    func service(
        _ steps: [ScriptedConnector.Step], connections: Int = 1, random: Double = 1, commands: (any SlashCommandResponder)? = nil
    ) -> SocketModeService {
        let router = TenkiRouter(verifier: nil, commands: commands ?? responder, metrics: metrics, logger: .discarding)
        var service = SocketModeService(
            connector: ScriptedConnector(steps, timeline: timeline), adapter: SocketModeAdapter(router: router),
            connections: connections, health: SocketModeHealth(metrics: metrics), logger: .discarding)
        let timeline = timeline
        service.sleep = { duration in timeline.record("slept \(duration.components.seconds)") }
        service.random = { random }
        return service
    }

    func connection(_ name: String) -> InMemorySocketConnection { InMemorySocketConnection(name, timeline: timeline) }

    static let hello = #"{"type":"hello","num_connections":1}"#
    static func command(_ id: String, text: String = "Danang") -> String {
        #"{"envelope_id":"\#(id)","type":"slash_commands","accepts_response_payload":true,"payload":{"command":"/weather","text":"\#(text)","user_id":"U1","team_id":"T1","response_url":"https://hooks.slack.com/commands/T1/1/x"}}"#
    }

    @Test("the backoff: 1 s doubling to 60 s; jitter between half and all of it; the slow wait")
    func backoffSchedule() {
        let backoff = SocketModeBackoff()
        #expect((1...8).map { backoff.delay(afterFailures: $0, random: 1) } == [1, 2, 4, 8, 16, 32, 60, 60].map { .seconds($0) })
        #expect(backoff.delay(afterFailures: 3, random: 0) == .seconds(2))
        #expect(backoff.delay(afterFailures: 1_000, random: 0.5) == .seconds(45))
        #expect(backoff.slowDelay(random: 1) == .seconds(300))
    }

    @Test("failures to open back off on the schedule; a connection that opens resets it")
    func failuresBackOff() async {
        let first = connection("c1")
        let steps: [ScriptedConnector.Step] =
            Array(repeating: .fail(.webSocket("refused")), count: 8) + [.open(first)]
        let service = service(steps)
        let run = Task { await service.run() }
        await timeline.wait { timeline.index(of: "opened c1") != nil }
        first.deliver(Self.hello)
        first.end("connection lost")
        await timeline.wait { timeline.all.last == "connect waits" }
        run.cancel()
        await run.value
        // After a connection that said hello, the next one is opened at once: no wait after "ended c1".
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60].map { .seconds($0) })
    }

    @Test("a refused token is retried slowly; too_many_websockets and a rate limit back off")
    func refusals() async {
        let service = service([
            .fail(.open(.tokenRefused(code: "invalid_auth"))), .fail(.open(.tooManyWebSockets)),
            .fail(.open(.rateLimited(retryAfter: .seconds(30)))),
        ])
        let run = Task { await service.run() }
        await timeline.wait { timeline.all.last == "connect waits" }
        run.cancel()
        await run.value
        #expect(waits == [.seconds(300), .seconds(2), .seconds(30)])
    }

    @Test(
        "an envelope is acknowledged on its connection with the inline answer; a retry of it is acknowledged, not run; garbage is ignored"
    )
    func acknowledges() async throws {
        let first = connection("c1")
        let service = service([.open(first)])
        let run = Task { await service.run() }
        await timeline.wait { timeline.index(of: "opened c1") != nil }
        first.deliver(Self.hello)
        first.deliver("not json at all")
        first.deliver(#"{"type":"something_new","envelope_id":"x-1","payload":{}}"#)
        first.deliver(Self.command("env-1"))
        first.deliver(Self.command("env-1"))
        await timeline.wait { first.sent.count == 3 }
        run.cancel()
        await run.value
        #expect(responder.payloads.count == 1)
        let acknowledgements = first.sent
        #expect(acknowledgements.contains(#"{"envelope_id":"env-1"}"#))
        #expect(acknowledgements.contains(#"{"envelope_id":"x-1"}"#))
        #expect(metrics.counter("tenki_socket_envelopes_total", [("type", "unusable"), ("outcome", "ignored")]) == 1)
        #expect(
            acknowledgements.contains { $0.hasPrefix(#"{"envelope_id":"env-1","payload":"#) && $0.contains("answer for Danang") })
        #expect(metrics.counter("tenki_socket_envelopes_total", [("type", "slash_commands"), ("outcome", "answered")]) == 1)
        #expect(metrics.counter("tenki_socket_envelopes_total", [("type", "slash_commands"), ("outcome", "duplicate")]) == 1)
    }

    @Test(
        "disconnect refresh_requested: the new connection opens before the old one is closed; envelopes on both are acknowledged")
    func refresh() async throws {
        let (old, new) = (connection("c1"), connection("c2"))
        let gated = GatedResponder(timeline: timeline)
        let service = service([.open(old), .open(new)], commands: gated)
        let run = Task { await service.run() }
        await timeline.wait { timeline.index(of: "opened c1") != nil }
        old.deliver(Self.hello)
        old.deliver(Self.command("before", text: "Hue"))
        old.deliver(#"{"type":"disconnect","reason":"refresh_requested","debug_info":{"host":"applink-7"}}"#)
        // The replacement opens while "before" is still being answered; the old connection waits for its acknowledgement.
        await timeline.wait { timeline.index(of: "opened c2") != nil && timeline.index(of: "asked Hue") != nil }
        gated.gate.signal()
        await timeline.wait { timeline.index(of: "close sent c1") != nil }
        let opened = try #require(timeline.index(of: "opened c2"))
        let closed = try #require(timeline.index(of: "close sent c1"))
        let acknowledged = try #require(timeline.all.firstIndex { $0.hasPrefix(#"sent c1 {"envelope_id":"before","#) })
        #expect(opened < closed)
        #expect(acknowledged < closed)
        #expect(metrics.gauge("tenki_socket_connections") == 2)
        old.end()
        new.deliver(Self.hello)
        new.deliver(Self.command("after"))
        await timeline.wait { new.sent.count == 1 && old.sent.count == 1 }
        #expect(metrics.gauge("tenki_socket_connections") == 1)
        run.cancel()
        await run.value
        #expect(old.sent.first?.hasPrefix(#"{"envelope_id":"before","#) == true)
        #expect(new.sent.first?.hasPrefix(#"{"envelope_id":"after","#) == true)
        #expect(waits.isEmpty)
        #expect(timeline.all.filter { $0.hasPrefix("opened") } == ["opened c1", "opened c2"])
        #expect(metrics.counter("tenki_socket_envelopes_total", [("type", "disconnect"), ("outcome", "refresh_requested")]) == 1)
    }

    @Test("too_many_websockets while replacing: the old connection goes first, then the retry after the backoff")
    func noOverlap() async throws {
        let (old, new) = (connection("c1"), connection("c2"))
        let service = service([.open(old), .fail(.open(.tooManyWebSockets)), .open(new)])
        let run = Task { await service.run() }
        await timeline.wait { timeline.index(of: "opened c1") != nil }
        old.deliver(Self.hello)
        old.deliver(#"{"type":"disconnect","reason":"warning"}"#)
        await timeline.wait { timeline.index(of: "close sent c1") != nil }
        old.end()
        await timeline.wait { timeline.index(of: "opened c2") != nil }
        run.cancel()
        await run.value
        let events = timeline.all
        let failed = try #require(events.firstIndex { $0.hasPrefix("failed") })
        let ended = try #require(events.firstIndex(of: "ended c1"))
        let reopened = try #require(events.firstIndex(of: "opened c2"))
        #expect(failed < ended && ended < reopened)
        #expect(waits == [.seconds(1)])
    }

    @Test("the drain: close 1000 is sent, reading goes on until Slack's close, and nothing read after it is run")
    func drainHandshake() async throws {
        let first = connection("c1")
        let service = service([.open(first)])
        let run = Task { await service.run() }
        await timeline.wait { timeline.index(of: "opened c1") != nil }
        first.deliver(Self.hello)
        first.deliver(Self.command("in-hand"))
        await timeline.wait { first.sent.count == 1 }
        run.cancel()
        await run.value
        #expect(!first.closeSent)
        let drain = Task { await service.drain() }
        await timeline.wait { timeline.index(of: "close sent c1") != nil }
        first.deliver(Self.command("after-close"))
        first.end()
        await drain.value
        #expect(metrics.counter("tenki_socket_envelopes_total", [("type", "slash_commands"), ("outcome", "after_close")]) == 1)
        #expect(first.sent.count == 1)
        #expect(responder.payloads.map(\.text) == ["Danang"])
        #expect(metrics.gauge("tenki_socket_connections") == 0)
    }

    @Test("/healthz: healthy while (re-)opening within the bound, 503 once no connection was open for longer")
    func health() {
        let now = ManualInstant()
        let health = SocketModeHealth(metrics: metrics, unhealthyAfter: .seconds(150), now: { now.value })
        #expect(health.problem == nil)
        now.advance(.seconds(151))
        #expect(health.problem != nil)
        let open = connection("c1")
        health.opened(open)
        #expect(health.problem == nil)
        health.ended(open)
        now.advance(.seconds(100))
        #expect(health.problem == nil)
        now.advance(.seconds(51))
        #expect(health.problem?.contains("no Socket Mode connection") == true)
    }

    @Test("serve builds the service with TENKI_SOCKET_CONNECTIONS connections")
    func composition() throws {
        let settings = try Settings.load(environment: ["SLACK_APP_TOKEN": "xapp-1-A-2-secret", "TENKI_SOCKET_CONNECTIONS": "3"])
        let server = try TenkiServer.build(
            settings: settings, dependencies: ServerDependencies(transport: AnsweringTransport { _ in .init(status: 500) }))
        #expect(server.socketMode?.connections == 3)
    }
}

/// A monotonic instant the test moves by hand.
final class ManualInstant: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    var value: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
}

/// Answers each command once `gate` is signalled, saying on the timeline that it was asked.
final class GatedResponder: SlashCommandResponder {
    let gate = AsyncSignal()
    let timeline: SocketTimeline

    init(timeline: SocketTimeline) { self.timeline = timeline }

    func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
        timeline.record("asked \(payload.text)")
        await gate.wait()
        return CommandReply(SlackMessage(text: "answer for \(payload.text)", responseType: .inChannel))
    }
}
