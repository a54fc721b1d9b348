import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

/// What the queue reports: its counts, depth and oldest pending age, and pruning after the retention.
extension DeliveryQueueTests {
    @Test("every state operation and attempt outcome is a series at 0 before anything happens, so an alert sees the first")
    func seriesAtZeroFromTheStart() throws {
        let metrics = MetricsRegistry()
        _ = DeliveryMetrics(registry: metrics)
        let exposition = metrics.exposition()
        for operation in ["enqueue", "hold", "retry", "claim", "record", "read", "prune"] {
            #expect(exposition.contains("tenki_state_errors_total{operation=\"\(operation)\"} 0\n"), "\(operation)")
        }
        for outcome in ["delivered", "retry", "resend_without_images", "dead"] {
            #expect(exposition.contains("tenki_delivery_attempts_total{outcome=\"\(outcome)\"} 0\n"), "\(outcome)")
        }
    }

    @Test("the exact counts are read every statisticsInterval; between them a round updates the pending depth from its bounded count")
    func statisticsInterval() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let metrics = MetricsRegistry()
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in
            OutboundResponse(status: 503, headers: ["Retry-After": "600"])
        }
        let (queue, _) = try makeQueue(file, clock: clock, transport: transport, metrics: metrics)
        _ = try await queue.enqueue(DeliveryFixtures.webhookDelivery("waits"))
        _ = await queue.runOnce(now: start)
        #expect(metrics.exposition().contains("tenki_delivery_oldest_pending_age_seconds 0\n"))
        _ = try await queue.enqueue(DeliveryFixtures.webhookDelivery("second", to: URL(string: "https://hooks.slack.com/b")!))
        let early = start.addingTimeInterval(DeliveryQueue.statisticsInterval / 2)
        clock.set(early)
        _ = await queue.runOnce(now: early)
        var exposition = metrics.exposition()
        #expect(exposition.contains("tenki_delivery_queue_depth{state=\"pending\"} 2"), "the bounded count, exact below its ceiling")
        #expect(exposition.contains("tenki_delivery_oldest_pending_age_seconds 0\n"), "the age waits for the exact read")
        #expect(queue.backlog == 2)
        let later = start.addingTimeInterval(DeliveryQueue.statisticsInterval)
        clock.set(later)
        _ = await queue.runOnce(now: later)
        exposition = metrics.exposition()
        #expect(exposition.contains("tenki_delivery_oldest_pending_age_seconds \(Int(DeliveryQueue.statisticsInterval))\n"))
    }

    @Test("metrics: depth by state and the oldest pending message's age; delivered rows are pruned after the retention")
    func metricsAndPrune() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let metrics = MetricsRegistry()
        let transport = ScriptedTransport(clock: clock) { request, _ throws(TransportError) in
            request.url.path.hasSuffix("down")
                ? OutboundResponse(status: 503, headers: ["Retry-After": "600"]) : DeliveryFixtures.ok()
        }
        let (queue, store) = try makeQueue(
            file, clock: clock, transport: transport, metrics: metrics,
            configuration: .init(owner: "metrics", retention: 3600, pruneInterval: 60))
        let done = try await queue.enqueue(DeliveryFixtures.webhookDelivery("done"))
        _ = try await queue.enqueue(DeliveryFixtures.webhookDelivery("waits", to: URL(string: "https://hooks.slack.com/down")!))
        _ = await queue.runOnce(now: start)
        clock.set(start.addingTimeInterval(100))
        _ = await queue.runOnce(now: clock.now())
        let exposition = metrics.exposition()
        #expect(exposition.contains("tenki_delivery_queue_depth{state=\"pending\"} 1"))
        #expect(exposition.contains("tenki_delivery_oldest_pending_age_seconds 100"))
        #expect(metrics.counter("tenki_delivery_attempts_total", [("outcome", "retry")]) == 1)
        #expect(!exposition.contains("hooks.slack.com"))
        #expect(try await store.summary(of: done)?.state == .delivered)
        clock.set(start.addingTimeInterval(3700))
        _ = await queue.runOnce(now: clock.now())
        #expect(try await store.summary(of: done) == nil)
    }
}
