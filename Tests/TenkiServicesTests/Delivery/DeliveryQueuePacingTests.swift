import Foundation
import TenkiCore
import TenkiHTTPClient
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

@Suite("Delivery queue pacing per platform")
struct DeliveryQueuePacingTests {
    let start = DeliveryFixtures.start

    /// Rounds on the manual clock until nothing is pending, jumping to each wake time.
    func drain(_ queue: DeliveryQueue, clock: TestClock) async {
        var now = clock.now()
        for _ in 0..<1_000 {
            guard let next = await queue.runOnce(now: now) else { return }
            now = max(now, next)
            clock.set(now)
        }
    }

    @Test("two webhooks of one Google Chat space share one post a second; a Slack webhook keeps its burst of 3")
    func googleChatSpaceIsPacedAtOnePerSecond() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let transport = ScriptedTransport(clock: clock) { _, _ throws(TransportError) in DeliveryFixtures.ok() }
        let store = try SQLiteDeliveryStore(path: file.path)
        let queue = DeliveryQueue(
            store: store, transport: transport, clock: clock, configuration: .init(owner: "test"), random: SplitMix64(seed: 1))
        let first = try #require(URL(string: "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K1&token=T1"))
        let second = try #require(URL(string: "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K2&token=T2"))
        for index in 0..<6 {
            try await queue.enqueue(DeliveryFixtures.webhookDelivery("chat \(index)", to: index % 2 == 0 ? first : second))
        }
        for index in 0..<3 {
            try await queue.enqueue(DeliveryFixtures.webhookDelivery("slack \(index)"))
        }
        await drain(queue, clock: clock)

        let chat = transport.sent.filter { $0.url.host == "chat.googleapis.com" }.map { $0.at.timeIntervalSince(start) }
        #expect(chat.count == 6)
        for (earlier, later) in zip(chat, chat.dropFirst()) {
            #expect(later - earlier >= 1 - 1e-6, "posts to one space at \(chat)")
        }
        #expect(Set(chat.map { $0.rounded(.down) }).count == 6, "never two in the same second: \(chat)")
        let slack = transport.sent.filter { $0.url.host == "hooks.slack.com" }.map { $0.at.timeIntervalSince(start) }
        #expect(slack == [0, 0, 0])
    }
}
