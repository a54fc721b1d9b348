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

@Suite("Delivery queue on a manual clock")
struct DeliveryQueueTests {
    let start = DeliveryFixtures.start

    func makeQueue(
        _ file: borrowing TemporaryStateFile, clock: TestClock, transport: ScriptedTransport,
        metrics: MetricsRegistry? = nil, logger: Logger = .discarding, configuration: DeliveryQueue.Configuration? = nil
    ) throws -> (DeliveryQueue, SQLiteDeliveryStore) {
        let store = try SQLiteDeliveryStore(path: file.path)
        let queue = DeliveryQueue(
            store: store, transport: transport, clock: clock,
            configuration: configuration ?? .init(owner: "test"), random: SplitMix64(seed: 1),
            metrics: metrics, logger: logger)
        return (queue, store)
    }

    /// Runs rounds on the manual clock until nothing is pending (or `limit` rounds), jumping to each
    /// wake time the queue asks for.
    @discardableResult
    func drain(_ queue: DeliveryQueue, clock: TestClock, limit: Int = 100_000) async -> Int {
        var rounds = 0
        var now = clock.now()
        while rounds < limit, let next = await queue.runOnce(now: now) {
            now = max(now, next)
            clock.set(now)
            rounds += 1
        }
        return rounds
    }

    @Test("the message is committed before the first attempt and marked delivered after it")
    func delivered() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let metrics = MetricsRegistry()
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in DeliveryFixtures.ok() }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport, metrics: metrics)
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("hello"))
        #expect(try await store.summary(of: id)?.state == .pending)
        #expect(transport.sent.isEmpty)
        #expect(await queue.runOnce(now: start) == nil)
        #expect(try await store.summary(of: id)?.state == .delivered)
        #expect(transport.sent.map(\.body) == [DeliveryFixtures.message("hello")])
        #expect(metrics.counter("tenki_delivery_attempts_total", [("outcome", "delivered")]) == 1)
        #expect(metrics.exposition().contains("tenki_delivery_queue_depth{state=\"pending\"} 0"))
        #expect(await queue.waitForOutcome(id, timeout: .seconds(1)) == .delivered)
    }

    @Test("5xx is retried on the backoff schedule until it succeeds, at the virtual times the policy says")
    func backoffSchedule() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, index throws(TransportError) in
            index < 4 ? OutboundResponse(status: 500, body: Array("rollup_error".utf8)) : DeliveryFixtures.ok()
        }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("retry me"))
        await drain(queue, clock: clock)
        #expect(try await store.summary(of: id)?.state == .delivered)
        let times = transport.sent.map { $0.at.timeIntervalSince(start) }
        #expect(times.count == 5)
        // Reproduce the schedule from the same seed: full jitter within 1, 2, 4, 8 seconds.
        var random = SplitMix64(seed: 1)
        var expected: [TimeInterval] = [0]
        for attempt in 1...4 {
            expected.append(expected[attempt - 1] + RetryPolicy.default.backoff(attempt: attempt, random: &random))
        }
        for (actual, wanted) in zip(times, expected) { #expect(abs(actual - wanted) < 0.001) }
        for attempt in 1...4 {
            #expect(times[attempt] - times[attempt - 1] <= RetryPolicy.default.backoffBound(attempt: attempt))
        }
    }

    @Test("429 with Retry-After: no attempt before it, and the destination waits as a whole")
    func retryAfter() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, index throws(TransportError) in
            index == 0 ? OutboundResponse(status: 429, headers: ["Retry-After": "30"]) : DeliveryFixtures.ok()
        }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let first = try await queue.enqueue(DeliveryFixtures.webhookDelivery("one"))
        let second = try await queue.enqueue(DeliveryFixtures.webhookDelivery("two"))
        let next = await queue.runOnce(now: start)
        #expect(next == start.addingTimeInterval(30))
        #expect(transport.sent.count == 1, "the second message waits for the same destination's Retry-After")
        clock.set(start.addingTimeInterval(29.9))
        _ = await queue.runOnce(now: start.addingTimeInterval(29.9))
        #expect(transport.sent.count == 1)
        await drain(queue, clock: clock)
        #expect(transport.sent.count == 3)
        #expect(transport.sent.dropFirst().allSatisfy { $0.at >= start.addingTimeInterval(30) })
        #expect(try await store.summary(of: first)?.state == .delivered)
        #expect(try await store.summary(of: second)?.state == .delivered)
    }

    @Test("a response_url is used at most 5 times, then dead")
    func responseURLUses() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in
            OutboundResponse(status: 503)
        }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let id = try await queue.enqueue(
            NewDelivery(
                kind: "late-answer", destination: URL(string: "https://hooks.slack.com/commands/T/1/x")!,
                destinationKind: .responseURL, body: DeliveryFixtures.message("late"), createdAt: start))
        await drain(queue, clock: clock)
        #expect(transport.sent.count == 5)
        let summary = try #require(try await store.summary(of: id))
        #expect(summary.state == .dead && summary.attempts == 5)
        #expect(summary.lastError == "HTTP 503; use limit of 5 reached")
        #expect(await queue.waitForOutcome(id, timeout: .zero) == .dead(reason: "HTTP 503; use limit of 5 reached"))
    }

    @Test("never attempts after the deadline")
    func deadline() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in throw .timedOut }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let id = try await queue.enqueue(
            NewDelivery(
                kind: "digest:x", destination: DeliveryFixtures.webhook, destinationKind: .incomingWebhook,
                body: DeliveryFixtures.message("x"), createdAt: start, webhookLifetime: 120))
        await drain(queue, clock: clock)
        #expect(transport.sent.allSatisfy { $0.at < start.addingTimeInterval(120) })
        #expect(transport.sent.count >= 4)
        #expect(try await store.summary(of: id)?.lastError == "timed out; deadline passed")
    }

    @Test("a message enqueued long ago is dead without an attempt once its deadline passed")
    func expiredBeforeAttempt() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start.addingTimeInterval(3600))
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in DeliveryFixtures.ok() }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let id = try await queue.enqueue(
            NewDelivery(
                kind: "late-answer", destination: URL(string: "https://hooks.slack.com/commands/T/1/x")!,
                destinationKind: .responseURL, body: DeliveryFixtures.message("late"), createdAt: start))
        _ = await queue.runOnce(now: clock.now())
        #expect(transport.sent.isEmpty)
        #expect(try await store.summary(of: id)?.lastError == "deadline passed")
    }

    @Test(
        "400 invalid_payload is dead at once with Slack's reason",
        arguments: [
            "slack_webhook_error_400_invalid_payload.txt", "slack_webhook_error_404_channel_not_found.txt",
            "slack_webhook_error_410_channel_is_archived.txt", "slack_webhook_error_404_no_service.txt",
            "slack_webhook_error_403_action_prohibited.txt",
        ])
    func finalErrors(fixture: String) async throws {
        let body = try Fixtures.bytes(fixture)
        let status = Int(fixture.split(separator: "_")[3]) ?? 0
        let reason = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in
            OutboundResponse(status: status, body: body)
        }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("x"))
        #expect(await queue.runOnce(now: start) == nil)
        #expect(transport.sent.count == 1)
        #expect(try await store.summary(of: id)?.lastError == "HTTP \(status) \(reason)")
        #expect(try await store.summary(of: id)?.state == .dead)
    }

    @Test("invalid_blocks with images: sent once more without them")
    func invalidBlocks() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { request, _ throws(TransportError) in
            String(decoding: request.body, as: UTF8.self).contains("image_url")
                ? OutboundResponse(status: 400, body: Array("invalid_blocks".utf8)) : DeliveryFixtures.ok()
        }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let body = Array(
            """
            {"text":"t","blocks":[{"type":"image","image_url":"https://example.com/x.png","alt_text":"x"},{"type":"divider"}]}
            """.utf8)
        let id = try await queue.enqueue(
            NewDelivery(
                kind: "digest:x", destination: DeliveryFixtures.webhook, destinationKind: .incomingWebhook, body: body,
                createdAt: start))
        await drain(queue, clock: clock)
        #expect(transport.sent.count == 2)
        #expect(transport.sent[1].at == start)
        #expect(try await store.summary(of: id)?.state == .delivered)
        #expect(!String(decoding: transport.sent[1].body, as: UTF8.self).contains("image"))
    }

    @Test("pending messages resume after a restart, and a crashed owner's claim after its lease")
    func resume() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        do {
            let crashed = try SQLiteDeliveryStore(path: file.path)
            _ = try await crashed.enqueue(DeliveryFixtures.webhookDelivery("waiting"))
            _ = try await crashed.enqueue(
                DeliveryFixtures.webhookDelivery("in flight", to: URL(string: "https://hooks.slack.com/other")!))
            _ = try await crashed.claim(owner: "crashed", now: start, leaseDuration: 120, perDestination: 1, limit: 1)
        }
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in DeliveryFixtures.ok() }
        let (queue, store) = try makeQueue(file, clock: clock, transport: transport)
        let next = await queue.runOnce(now: start)
        #expect(transport.sent.count == 1)
        #expect(next == start.addingTimeInterval(120))
        await drain(queue, clock: clock)
        #expect(transport.sent.count == 2)
        #expect(transport.sent[1].at == start.addingTimeInterval(120))
        #expect(try await store.list(states: [.pending, .dead]).isEmpty)
    }

    @Test("logs name the message id and host, never the URL")
    func logs() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let sink = MemoryLogSink()
        let transport = ScriptedTransport(clock: clock) { _, index throws(TransportError) in
            if index == 0 { throw .connectionFailed(reason: "refused") }
            return OutboundResponse(status: 404, body: Array("channel_not_found".utf8))
        }
        let (queue, _) = try makeQueue(file, clock: clock, transport: transport, logger: Logger(sink: sink, threshold: .debug))
        let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("x"))
        await drain(queue, clock: clock)
        let lines = sink.lines
        #expect(lines.contains { $0.contains("dead") && $0.contains("delivery=\(id)") && $0.contains("host=hooks.slack.com") })
        #expect(!lines.contains { $0.contains("SECRET") || $0.contains("/services/") })
    }
}
