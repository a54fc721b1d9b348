import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

@Suite("Two processes sharing one outbox")
struct DeliveryQueueSharingTests {
    @Test("two queues on one file, running rounds at the same time, post each message exactly once")
    func exactlyOnce() async throws {
        let file = try TemporaryStateFile()
        let start = DeliveryFixtures.start
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in DeliveryFixtures.ok() }
        let serve = try SQLiteDeliveryStore(path: file.path)
        let digest = try SQLiteDeliveryStore(path: file.path)
        let queues = [
            DeliveryQueue(
                store: serve, transport: transport, clock: clock, configuration: .init(owner: "serve"),
                random: SplitMix64(seed: 1)),
            DeliveryQueue(
                store: digest, transport: transport, clock: clock, configuration: .init(owner: "digest"),
                random: SplitMix64(seed: 2)),
        ]
        for index in 0..<120 {
            let url = URL(string: "https://hooks.slack.com/services/T/B/\(index % 6)")!
            try await queues[index % 2].enqueue(DeliveryFixtures.webhookDelivery("m\(index)", to: url))
        }
        var now = start
        for _ in 0..<1000 {
            let round = now
            async let first = queues[0].runOnce(now: round)
            async let second = queues[1].runOnce(now: round)
            let wakes = await [first, second].compactMap { $0 }
            guard let next = wakes.min() else { break }
            now = max(now, next)
            clock.set(now)
        }
        #expect(try await serve.list(states: [.pending, .dead]).isEmpty)
        let bodies = transport.sent.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies.count == 120)
        #expect(Set(bodies).count == 120)
    }

    @Test(
        "three queues on one database, 1,000 messages to 10 destinations, 30 % refused, 429 or 503: each delivered once",
        // PostgreSQL only: on SQLite, "Two processes sharing one outbox" and the 1,000-message
        // load test cover the same, and a third minute of CPU would starve the loopback tests.
        arguments: StoreBackend.durable.filter { $0 == .postgres })
    func threeProcessesUnderFailures(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let start = DeliveryFixtures.start
        let clock = TestClock(start)
        let delivered = BodyCounts()
        // Failures that provably did not arrive: a refused connection, 429 and 503, three requests in ten.
        let transport = ScriptedTransport(clock: clock) { request, index throws(TransportError) in
            switch index % 10 {
            case 0: throw .connectionFailed(reason: "refused")
            case 3: return OutboundResponse(status: 429, headers: ["Retry-After": "1"], body: [])
            case 6: return OutboundResponse(status: 503, body: Array("busy".utf8))
            default:
                delivered.add(request.body)
                return DeliveryFixtures.ok()
            }
        }
        var queues: [DeliveryQueue] = []
        for owner in 0..<3 {
            queues.append(
                DeliveryQueue(
                    store: try await state.open().deliveries, transport: transport, clock: clock,
                    configuration: .init(owner: "replica-\(owner)"), random: SplitMix64(seed: UInt64(owner + 1))))
        }
        for index in 0..<1000 {
            let url = URL(string: "https://hooks.slack.com/services/T/B/\(index % 10)")!
            try await queues[index % 3].enqueue(DeliveryFixtures.webhookDelivery("m\(index)", to: url))
        }
        var now = start
        for _ in 0..<5000 {
            let round = now
            let wakes = await withTaskGroup(of: Date?.self) { group in
                for queue in queues { group.addTask { await queue.runOnce(now: round) } }
                return await group.reduce(into: [Date]()) { if let wake = $1 { $0.append(wake) } }
            }
            guard let next = wakes.min() else { break }
            now = max(now, next)
            clock.set(now)
        }
        let store = try await state.open().deliveries
        #expect(try await store.list(states: [.pending, .dead]).isEmpty)
        let counts = delivered.counts.withLock { $0 }
        #expect(counts.count == 1000, "every message delivered")
        #expect(counts.values.allSatisfy { $0 == 1 }, "none twice")
    }
}

/// How many times each body was answered 200.
private final class BodyCounts: Sendable {
    let counts = Mutex<[String: Int]>([:])

    func add(_ body: [UInt8]) {
        counts.withLock { $0[String(decoding: body, as: UTF8.self), default: 0] += 1 }
    }
}
