import Foundation
import Synchronization
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiDelivery
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

/// What the server waits for at shutdown: late answers whose placeholder went out but which are
/// not queued yet. Outcomes only: waiters are observed registered before the work ends, never timed.
@Suite("Background work owned by the server")
struct BackgroundWorkTests {
    /// Yields until `condition` holds, and records a failure if it never does (the bound, a
    /// minute of yielding, only stops a stuck test; it is not a timing).
    func eventually(
        _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
    ) async {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < giveUp { await Task.yield() }
        #expect(condition(), "never came true: \(what)", sourceLocation: sourceLocation)
    }

    @Test("with nothing running, waiting returns at once")
    func nothingOwed() async {
        let work = BackgroundWork()
        #expect(await work.waitUntilIdle(atMost: .seconds(30)))
    }

    @Test("a waiter returns when the last piece of work ends, not before")
    func waitsForTheLast() async {
        let work = BackgroundWork()
        let first = AsyncSignal(), second = AsyncSignal()
        work.start { await first.wait() }
        work.start { await second.wait() }
        let idle = Mutex(false)
        let waiter = Task {
            let result = await work.waitUntilIdle(atMost: .seconds(600))
            idle.withLock { $0 = result }
        }
        first.signal()
        await eventually("the first piece of work ended") { work.count == 1 }
        #expect(idle.withLock { $0 } == false, "still waiting for the second")
        second.signal()
        await waiter.value
        #expect(idle.withLock { $0 })
        #expect(work.count == 0)
    }

    @Test("work that never ends does not hold shutdown: the bounded wait says so, and it can be cancelled")
    func bounded() async {
        let work = BackgroundWork()
        work.start { try? await Task.sleep(for: .seconds(3600)) }
        #expect(await work.waitUntilIdle(atMost: .milliseconds(1)) == false)
        work.cancelAll()
        #expect(await work.waitUntilIdle(atMost: .seconds(600)))
    }

    @Test("the drain after termination waits for a late answer still being looked up, and queues it")
    func drainWaitsForTheLateAnswer() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-drain-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fakes = FakeUpstreams(
            openWeather: FakeOpenWeatherMap(apiKey: AppHarness.key, clock: AppHarness.FixedClock(date: AppHarness.now)),
            news: FakeNewsAPI(apiKey: AppHarness.key))
        let settings = try Settings.load(environment: [
            "SLACK_SIGNING_SECRET": AppHarness.secret, "OPENWEATHER_API_KEY": AppHarness.key,
            "OPENWEATHER_BASE_URL": "http://fakes.test", "TENKI_STATE": path, "TENKI_DRAIN_DELAY_MS": "0",
            "TENKI_DRAIN_TIMEOUT_MS": "600000", "TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com",
        ])
        // Late answers go to a queue that nothing runs, so the test reads what the drain left there.
        let clock = AppHarness.FixedClock(date: AppHarness.now)
        let store = try SQLiteDeliveryStore(path: path)
        let queue = DeliveryQueue(store: store, transport: HandlerTransport(FakeWebhookReceiver()), clock: clock)
        let server = try TenkiServer.build(
            settings: settings,
            dependencies: ServerDependencies(
                transport: HandlerTransport(fakes), clock: clock, state: .memory,
                lateAnswers: .custom(QueuedLateAnswers(queue: queue, clock: clock)), waitForBudget: { _ in }))
        let terminate = AsyncSignal()
        let returned = Mutex(false)
        let serving = Task {
            _ = try await server.run(
                TenkiServer.ListenOptions(host: "127.0.0.1", port: 0, scheduler: false),
                termination: { await terminate.wait(); return SIGTERM })
            returned.withLock { $0 = true }
        }
        fakes.openWeather.gate.close()
        let placeholder = await server.router.respond(to: AppHarness.signedRequest("/weather", "Danang"))
        #expect(String(decoding: placeholder.body, as: UTF8.self).contains("Looking up Danang"))
        #expect(server.background.count == 1)

        terminate.signal()
        await eventually("the server started draining") { server.isDraining }
        for _ in 0..<1_000 { await Task.yield() }
        #expect(returned.withLock { $0 } == false, "the drain waits while the answer is being looked up")
        fakes.openWeather.gate.open()
        try await serving.value
        #expect(server.background.count == 0)
        let pending = try await store.list(states: [.pending])
        #expect(pending.count == 1, "the answer is in the state file before the process goes")
        #expect(pending.first?.nextAttemptAt == AppHarness.now, "the answer, due now, took its held fallback's place")
    }
}
