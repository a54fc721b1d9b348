import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiServices
import TenkiFakes
import TenkiTestSupport

/// What `serve` waits for at shutdown: answers whose placeholder went out but which are not queued yet.
/// Outcomes only: waiters are observed registered before the work ends, never timed.
@Suite("Late answers in flight at shutdown")
struct LateAnswersInFlightTests {
    /// Yields until `condition` holds (a bound for a stuck test, not a timing).
    func eventually(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    @Test("with nothing owed, waiting returns at once")
    func nothingOwed() async {
        let inFlight = LateAnswersInFlight()
        await inFlight.waitUntilNone()
        #expect(await inFlight.waitUntilNone(atMost: .seconds(30)))
    }

    @Test("a waiter returns when the last owed answer is handed over, not before")
    func waitsForTheLast() async {
        let inFlight = LateAnswersInFlight()
        inFlight.begin()
        inFlight.begin()
        let waiter = Task { await inFlight.waitUntilNone() }
        await eventually { inFlight.waiterCount == 1 }
        inFlight.end()
        #expect(inFlight.count == 1)
        #expect(inFlight.waiterCount == 1, "still waiting for the second answer")
        inFlight.end()
        await waiter.value
        #expect(inFlight.count == 0)
        #expect(inFlight.waiterCount == 0)
    }

    @Test("work that never ends does not hold shutdown: the bounded wait says so")
    func bounded() async {
        let inFlight = LateAnswersInFlight()
        inFlight.begin()
        #expect(await inFlight.waitUntilNone(atMost: .milliseconds(1)) == false)
        #expect(inFlight.waiterCount == 0, "the cancelled waiter is gone")
    }

    @Test("a placeholder promises its answer, and queueing the answer settles the promise")
    func throughTheResponder() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-inflight-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock(AppHarness.now)
        let store = try SQLiteDeliveryStore(path: path)
        let queue = DeliveryQueue(store: store, transport: HandlerTransport(FakeWebhookReceiver()), clock: clock)
        let inFlight = LateAnswersInFlight()
        let harness = try AppHarness(lateAnswers: QueuedLateAnswers(queue: queue, clock: clock, inFlight: inFlight), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let placeholder = try await harness.message("/weather", "Danang")
        #expect(placeholder.text.contains("Looking up Danang"))
        #expect(inFlight.count == 1)

        let waiter = Task { await inFlight.waitUntilNone() }
        await eventually { inFlight.waiterCount == 1 }
        harness.fakes.openWeather.gate.open()
        await waiter.value
        #expect(inFlight.count == 0)
        let queued = try await store.list(states: [.pending])
        #expect(queued.count == 1, "the answer is in the state file before shutdown goes on")
        // The answer took its fallback's place: due now, not held like the fallback was.
        #expect(queued.first?.nextAttemptAt == clock.now())
    }
}
