import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

/// `run()` as a service on the system clock: woken by `enqueue` and `retry`, polling the file for
/// other processes' changes, ending on cancellation. Each wait is bounded, so a failure is quick.
@Suite("Delivery queue as a service")
struct DeliveryQueueServiceTests {
    /// Answers 404 `channel_not_found` until `heal()`, then 200.
    final class Switchable: Sendable {
        let healed = Mutex(false)
        func heal() { healed.withLock { $0 = true } }
        var transport: ScriptedTransport {
            ScriptedTransport(clock: SystemWallClock()) { [self] _, _ throws(TransportError) in
                healed.withLock { $0 }
                    ? DeliveryFixtures.ok() : OutboundResponse(status: 404, body: Array("channel_not_found".utf8))
            }
        }
    }

    func queue(_ store: any DeliveryStore, _ transport: any HTTPTransport, poll: Duration) -> DeliveryQueue {
        DeliveryQueue(
            store: store, transport: transport,
            configuration: .init(owner: "service-\(UUID().uuidString.prefix(8))", pollInterval: poll), random: SplitMix64(seed: 5)
        )
    }

    @Test("enqueue wakes the loop; a dead message retried through the queue is picked up without a restart")
    func wakeAndRetry() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let slack = Switchable()
        let queue = queue(store, slack.transport, poll: .seconds(60))
        let service = Task { await queue.run() }
        defer { service.cancel() }
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("wake", at: Date()))
        #expect(await queue.waitForOutcome(id, timeout: .seconds(60)) == .dead(reason: "HTTP 404 channel_not_found"))
        slack.heal()
        #expect(try await queue.retry(id))
        #expect(await queue.waitForOutcome(id, timeout: .seconds(60)) == .delivered)
        service.cancel()
        await service.value
    }

    @Test("a retry from another process (`tenki outbox retry`) is found by polling the file")
    func retryFromAnotherProcess() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let slack = Switchable()
        let queue = queue(store, slack.transport, poll: .milliseconds(200))
        let service = Task { await queue.run() }
        defer { service.cancel() }
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("poll", at: Date()))
        #expect(await queue.waitForOutcome(id, timeout: .seconds(60)) == .dead(reason: "HTTP 404 channel_not_found"))
        slack.heal()
        let outbox = try SQLiteDeliveryStore(path: file.path)
        #expect(try await outbox.retry(id, now: Date()))
        #expect(await queue.waitForOutcome(id, timeout: .seconds(60)) == .delivered)
    }

    @Test("waitForOutcome reports a message still pending at its timeout, and an unknown id")
    func pendingAtTimeout() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let transport = ScriptedTransport(clock: SystemWallClock()) { _, _ throws(TransportError) in
            OutboundResponse(status: 503, headers: ["Retry-After": "600"])
        }
        let queue = queue(store, transport, poll: .milliseconds(100))
        let service = Task { await queue.run() }
        defer { service.cancel() }
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("later", at: Date()))
        // The first attempt (a 503 with Retry-After: 600) happens whenever the loop gets to it;
        // wait for it rather than betting on how fast this machine is.
        for _ in 0..<3000 where transport.sent.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(await queue.waitForOutcome(id, timeout: .milliseconds(300)) == .pending)
        #expect(transport.sent.count == 1)
        #expect(await queue.waitForOutcome(DeliveryID(rawValue: 999), timeout: .zero) == .notFound)
    }

    @Test("cancelling the task ends run()")
    func cancellation() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let transport = ScriptedTransport(clock: SystemWallClock()) { _, _ throws(TransportError) in DeliveryFixtures.ok() }
        let queue = queue(store, transport, poll: .seconds(60))
        let service = Task { await queue.run() }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        service.cancel()
        await service.value
        #expect(ContinuousClock.now - started < .seconds(30), "cancelled, not waiting out the 60 s poll")
    }
}
