import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiMetrics
import TenkiDelivery
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

/// A state file that refuses every read and write, as a read-only or immutable file does.
private struct RefusingDeliveryStore: DeliveryStore {
    static let failure = DeliveryStoreError.storage("attempt to write a readonly database")

    func enqueue(_ delivery: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID { throw Self.failure }
    func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] { throw Self.failure }
    func release(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool { throw Self.failure }
    func reschedule(
        _ id: DeliveryID, owner: String, at: Date, lastError: String, body: [UInt8]?
    ) async throws(DeliveryStoreError) -> Bool { throw Self.failure }
    func markDelivered(_ id: DeliveryID, owner: String, at: Date) async throws(DeliveryStoreError) -> Bool { throw Self.failure }
    func markDead(_ id: DeliveryID, owner: String, reason: String, at: Date) async throws(DeliveryStoreError) -> Bool {
        throw Self.failure
    }
    func retry(_ id: DeliveryID, now: Date) async throws(DeliveryStoreError) -> Bool { throw Self.failure }
    func hold(_ command: NewPendingCommand, owner: String, lease: TimeInterval) async throws(DeliveryStoreError) -> PendingCommandID {
        throw Self.failure
    }
    func renew(_ id: PendingCommandID, owner: String, lease: TimeInterval) async throws(DeliveryStoreError) -> Bool {
        throw Self.failure
    }
    func complete(_ id: PendingCommandID, owner: String, answer: NewDelivery) async throws(DeliveryStoreError) -> DeliveryID? {
        throw Self.failure
    }
    func forget(_ id: PendingCommandID, owner: String) async throws(DeliveryStoreError) -> Bool { throw Self.failure }
    func claimAbandoned(owner: String, lease: TimeInterval, limit: Int) async throws(DeliveryStoreError) -> [PendingCommand] {
        throw Self.failure
    }
    func releasePendingCommands(owner: String) async throws(DeliveryStoreError) -> Int { throw Self.failure }
    func pendingCommandCount() async throws(DeliveryStoreError) -> Int { throw Self.failure }
    func takePostingTurn(_ destinationHash: String, now: Date, interval: TimeInterval) async throws(DeliveryStoreError) -> Date? {
        throw Self.failure
    }
    func list(states: Set<DeliveryState>) async throws(DeliveryStoreError) -> [DeliverySummary] { throw Self.failure }
    func summary(of id: DeliveryID) async throws(DeliveryStoreError) -> DeliverySummary? { throw Self.failure }
    func nextDueTime() async throws(DeliveryStoreError) -> Date? { throw Self.failure }
    func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics { throw Self.failure }
    func pendingCount(atMost ceiling: Int) async throws(DeliveryStoreError) -> Int { throw Self.failure }
    func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int { throw Self.failure }
}

/// The state file failing while `serve` runs: the answer still reaches the user, and the metric
/// tells operators.
@Suite("Late answers when the state file refuses writes")
struct StateFailureLateAnswerTests {
    @Test("an answer that cannot be queued is posted to the response_url directly, and counted")
    func postedDirectly() async throws {
        let receiver = FakeWebhookReceiver()
        let metrics = MetricsRegistry()
        let clock = ManualClock(AppHarness.now)
        let queue = DeliveryQueue(
            store: RefusingDeliveryStore(), transport: HandlerTransport(receiver), clock: clock, metrics: metrics)
        var lateAnswers = QueuedLateAnswers(queue: queue, clock: clock)
        lateAnswers.completionRetries = [.zero, .zero]
        let url = try #require(URL(string: "https://hooks.slack.com/commands/T0/1/abc"))
        let logs = InMemoryLogSink()

        let promise = await lateAnswers.promise(
            SlashCommandPayload(command: "/weather", text: "Danang", userID: "U1"), to: url, kind: .responseURL,
            logger: logs.logger())
        await lateAnswers.deliver(SlackMessage(text: "☀️ Da Nang, VN: 31 °C"), for: promise, logger: logs.logger())

        let posts = receiver.accepted(at: url.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(posts.count == 1)
        #expect(posts.first?.contains("Da Nang") == true)
        #expect(metrics.counter("tenki_state_errors_total", [("operation", "hold")]) == 1, "the pending command")
        #expect(metrics.counter("tenki_state_errors_total", [("operation", "enqueue")]) == 3, "the answer, tried three times")
        #expect(metrics.counter("tenki_delivery_attempts_total", [("outcome", "delivered")]) == 1)
        #expect(logs.lines.contains { $0.contains("late answer could not be queued; posting it directly") })
    }
}
