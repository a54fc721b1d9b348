import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import Testing

@testable import TenkiServices

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
}
