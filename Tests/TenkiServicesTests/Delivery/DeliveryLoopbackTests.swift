import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

/// The queue with `CurlTransport` against the fault-injecting fake webhook on a real
/// `HTTPServer` on 127.0.0.1. Times are the queue's virtual times, driven by hand.
@Suite("Delivery over loopback")
struct DeliveryLoopbackTests {
    let start = DeliveryFixtures.start

    /// A receiver on a free port, the queue pointed at it, and the store; stops the server afterwards.
    /// - Parameter requestTimeout: short only where a test makes the receiver hang; elsewhere long,
    ///   so that a busy machine is never mistaken for a receiver that did not answer.
    func withLoopback(
        requestTimeout: Duration = .seconds(60),
        _ body: (FakeWebhookReceiver, URL, DeliveryQueue, SQLiteDeliveryStore, TestClock) async throws -> Void
    ) async throws {
        let receiver = FakeWebhookReceiver()
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let port = try server.start()
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let clock = TestClock(start)
        let queue = DeliveryQueue(
            store: store, transport: CurlTransport(connectTimeout: .seconds(2)), clock: clock,
            configuration: .init(owner: "loopback", requestTimeout: requestTimeout), random: SplitMix64(seed: 9))
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/services/T0/B0/secret"))
        do {
            try await body(receiver, url, queue, store, clock)
        } catch {
            await server.shutdown(gracePeriod: .milliseconds(100))
            throw error
        }
        await server.shutdown(gracePeriod: .milliseconds(100))
    }

    /// Rounds until nothing is pending, following the queue's wake times on the manual clock.
    func drain(_ queue: DeliveryQueue, _ clock: TestClock) async {
        var now = clock.now()
        for _ in 0..<50 {
            guard let next = await queue.runOnce(now: now) else { return }
            now = max(now, next)
            clock.set(now)
        }
    }

    @Test("500, 500, then 200 delivers exactly once")
    func serverErrorsThenSuccess() async throws {
        try await withLoopback { receiver, url, queue, store, clock in
            receiver.script(url.path, [.slackError("rollup_error"), .slackError("rollup_error"), .ok])
            let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("hello", to: url))
            await drain(queue, clock)
            #expect(try await store.summary(of: id)?.state == .delivered)
            #expect(receiver.requests(to: url.path).count == 3)
            #expect(receiver.accepted(at: url.path) == [DeliveryFixtures.message("hello")])
        }
    }

    @Test("429 with Retry-After is not retried before it says")
    func rateLimited() async throws {
        let example = String(decoding: try Fixtures.bytes("slack_rate_limited_429_example.http"), as: UTF8.self)
        let header = try #require(example.split(separator: "\n").first { $0.lowercased().hasPrefix("retry-after:") })
        let retryAfter = header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)
        #expect(retryAfter == "30")
        try await withLoopback { receiver, url, queue, store, clock in
            receiver.script(url.path, [.rateLimited(retryAfter: retryAfter), .ok])
            let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("paced", to: url))
            #expect(await queue.runOnce(now: start) == start.addingTimeInterval(30))
            clock.set(start.addingTimeInterval(29.5))
            #expect(await queue.runOnce(now: clock.now()) == start.addingTimeInterval(30))
            #expect(receiver.requests(to: url.path).count == 1)
            clock.set(start.addingTimeInterval(30))
            #expect(await queue.runOnce(now: clock.now()) == nil)
            #expect(receiver.requests(to: url.path).count == 2)
            #expect(try await store.summary(of: id)?.state == .delivered)
        }
    }

    @Test("a hanging receiver times out and is retried")
    func hang() async throws {
        try await withLoopback(requestTimeout: .seconds(1)) { receiver, url, queue, store, clock in
            receiver.script(url.path, [.hang(.seconds(3)), .ok])
            let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("slow", to: url))
            let next = try #require(await queue.runOnce(now: start))
            #expect(next <= start.addingTimeInterval(1))
            let summary = try #require(try await store.summary(of: id))
            #expect(summary.state == .pending && summary.lastError == "timed out" && summary.attempts == 1)
            await drain(queue, clock)
            #expect(try await store.summary(of: id)?.state == .delivered)
            #expect(receiver.accepted(at: url.path).count == 1)
        }
    }

    @Test("an answer that never comes after an accepted post is retried, and may arrive twice")
    func acceptAndDrop() async throws {
        try await withLoopback(requestTimeout: .seconds(1)) { receiver, url, queue, store, clock in
            receiver.script(url.path, [.acceptAndDrop(.seconds(3)), .ok])
            let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("twice", to: url))
            await drain(queue, clock)
            #expect(try await store.summary(of: id)?.state == .delivered)
            #expect(receiver.accepted(at: url.path).count == 2)
        }
    }

    @Test("a refused connection is retried")
    func refused() async throws {
        let nobody = try RefusingPort()
        defer { withExtendedLifetime(nobody) {} }
        let port = nobody.port
        try await withLoopback { _, _, queue, store, _ in
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/services/T/B/x"))
            let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("nobody home", to: url))
            let next = try #require(await queue.runOnce(now: start))
            #expect(next <= start.addingTimeInterval(1))
            let summary = try #require(try await store.summary(of: id))
            #expect(summary.state == .pending && summary.lastError == "connection failed" && summary.attempts == 1)
        }
    }

    @Test("400 invalid_payload goes dead at once with that reason")
    func invalidPayload() async throws {
        let reason = String(decoding: try Fixtures.bytes("slack_webhook_error_400_invalid_payload.txt"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try await withLoopback { receiver, url, queue, store, _ in
            receiver.script(url.path, [.slackError(reason), .ok])
            let id = try await queue.enqueue(DeliveryFixtures.webhookDelivery("bad", to: url))
            #expect(await queue.runOnce(now: start) == nil)
            let summary = try #require(try await store.summary(of: id))
            #expect(summary.state == .dead && summary.lastError == "HTTP 400 invalid_payload", "\(summary)")
            #expect(receiver.requests(to: url.path).count == 1)
        }
    }
}
