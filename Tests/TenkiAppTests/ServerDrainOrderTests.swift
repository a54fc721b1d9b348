import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiStorage
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The real server's drain, recorded: every service of `serving` is wrapped in a spy that writes
/// when its `run` returned and when its drain began and ended, while a request (or a late answer)
/// is held at the fake upstream. Outcomes and order only; nothing is timed.
@Suite("The server's drain order")
struct ServerDrainOrderTests {
    /// What the services did, in the order they did it.
    final class Record: Sendable {
        private let lines = Mutex<[String]>([])

        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
        func contains(_ line: String) -> Bool { all.contains(line) }
    }

    /// The listener's port, once it listens.
    final class Port: Sendable {
        private let value = Mutex<Int?>(nil)

        func set(_ port: Int) { value.withLock { $0 = port } }
        var bound: Int? { value.withLock { $0 } }
    }

    /// A service of the server, unchanged, that says what it did.
    struct Recorded: Service {
        let name: String
        let service: any Service
        let record: Record

        func run() async throws {
            try await service.run()
            record.append("\(name) stopped")
        }

        func drain() async {
            record.append("\(name) draining")
            await service.drain()
            record.append("\(name) drained")
        }
    }

    /// Yields until `condition` holds; the bound (a minute of yielding) only stops a stuck test.
    func eventually(_ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < giveUp { await Task.yield() }
        #expect(condition(), "never came true: \(what)", sourceLocation: sourceLocation)
    }

    struct Stack {
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: AppHarness.key, clock: AppHarness.FixedClock(date: AppHarness.now)),
            news: FakeNewsAPI(apiKey: AppHarness.key))
        let server: TenkiServer
        let record = Record()

        /// `budgetSpent`: every command misses its inline budget, so its answer comes late.
        init(budgetSpent: Bool) throws {
            let settings = try Settings.load(environment: [
                "SLACK_SIGNING_SECRET": AppHarness.secret, "OPENWEATHER_API_KEY": AppHarness.key,
                "OPENWEATHER_BASE_URL": "http://fakes.test", "TENKI_DRAIN_DELAY_MS": "0", "TENKI_DRAIN_TIMEOUT_MS": "600000",
                "TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com",
                // The longest allowed: a loaded machine must not turn the held request into a 503.
                "TENKI_HANDLER_TIMEOUT_MS": "120000",
            ])
            server = try TenkiServer.build(
                settings: settings,
                dependencies: ServerDependencies(
                    transport: HandlerTransport(fakes), clock: AppHarness.FixedClock(date: AppHarness.now), state: .memory,
                    lateAnswers: .queued, waitForBudget: budgetSpent ? Self.spentAtOnce : AppHarness.budgetNeverSpent))
        }

        static let spentAtOnce: @Sendable (Duration) async -> Void = { _ in }

        /// Serves on loopback until `terminate` is signalled; `port` is set once it listens.
        func serve(until terminate: AsyncSignal, port: Port) async throws {
            let options = TenkiServer.ListenOptions(host: "127.0.0.1", port: 0, scheduler: false)
            let bounds = TenkiServer.DrainBounds(delay: .zero, timeout: .seconds(600))
            let record = record
            try await server.serving(
                options, bounds: bounds,
                observing: { .init($0.name, Recorded(name: $0.name, service: $0.service, record: record)) }
            ) { bound in
                port.set(bound)
                await terminate.wait()
                record.append("terminated")
            }
        }

        /// `/weather Danang`, signed, over the loopback socket.
        func command(port: Int) async throws -> OutboundResponse {
            let signed = AppHarness.signedRequest("/weather", "Danang")
            let url = URL(string: "http://127.0.0.1:\(port)/slack/commands")!
            return try await CurlTransport().send(
                OutboundRequest(method: "POST", url: url, headers: signed.headers, body: signed.body, timeout: .seconds(600)))
        }
    }

    /// The drain as the record shows it, from termination on, without the lines of `run` returning.
    static func drains(_ record: Record) -> [String] {
        let lines = record.all
        return lines.firstIndex(of: "terminated").map { Array(lines[$0...]).filter { !$0.hasSuffix(" stopped") } } ?? []
    }

    static let order = [
        "terminated", "takeover draining", "takeover drained", "listener draining", "listener drained", "late answers draining",
        "late answers drained", "held commands draining", "held commands drained", "deliveries draining", "deliveries drained",
    ]

    @Test("a request in progress at termination is answered before the listener has drained, and the queue stops last")
    func inFlightRequest() async throws {
        let stack = try Stack(budgetSpent: false)
        let terminate = AsyncSignal()
        let port = Port()
        stack.fakes.openWeather.gate.close()
        try await withThrowingTaskGroup(of: OutboundResponse?.self) { group in
            group.addTask {
                try await stack.serve(until: terminate, port: port); return nil
            }
            await eventually("the server listens") { port.bound != nil }
            let bound = try #require(port.bound)
            group.addTask { try await stack.command(port: bound) }
            await stack.fakes.openWeather.gate.waitUntilInFlight(atLeast: 1)
            terminate.signal()
            await eventually("the listener began its drain") { stack.record.contains("listener draining") }
            #expect(!stack.record.contains("listener drained"), "the listener waits for the request in progress")
            #expect(!stack.record.contains("deliveries stopped"), "the queue runs while requests are answered")
            #expect(stack.server.isDraining)
            stack.fakes.openWeather.gate.open()
            var answers: [OutboundResponse] = []
            for try await response in group { response.map { answers.append($0) } }
            let answer = try #require(answers.first)
            #expect(answer.status == 200)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("Da Nang, VN"))
        }
        #expect(Self.drains(stack.record) == Self.order)
        let stops = stack.record.all.filter { $0.hasSuffix(" stopped") }
        #expect(
            stops == [
                "takeover stopped", "listener stopped", "late answers stopped", "held commands stopped", "deliveries stopped",
            ])
    }

    @Test("a late answer still being looked up at termination is queued before the queue stops, and kept in the state")
    func lateAnswer() async throws {
        let stack = try Stack(budgetSpent: true)
        let terminate = AsyncSignal()
        let port = Port()
        stack.fakes.openWeather.gate.close()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await stack.serve(until: terminate, port: port) }
            await eventually("the server listens") { port.bound != nil }
            // Start-up's own background work (reading stored geocoding answers) ends first, so the one
            // piece counted below is the late answer.
            await eventually("start-up's background work is done") { stack.server.background.count == 0 }
            let placeholder = try await stack.command(port: try #require(port.bound))
            #expect(String(decoding: placeholder.body, as: UTF8.self).contains("Looking up Danang"))
            #expect(stack.server.background.count == 1)
            terminate.signal()
            await eventually("the late answers' drain began") { stack.record.contains("late answers draining") }
            #expect(!stack.record.contains("late answers drained"), "the drain waits for the answer being looked up")
            #expect(!stack.record.contains("deliveries stopped"))
            stack.fakes.openWeather.gate.open()
            try await group.waitForAll()
        }
        #expect(Self.drains(stack.record) == Self.order)
        #expect(stack.server.background.count == 0)
        let kept = try await stack.server.state.deliveries.list(states: Set(DeliveryState.allCases))
        #expect(kept.count == 1, "the answer the queue accepted is in the state, sent or not")
    }
}
