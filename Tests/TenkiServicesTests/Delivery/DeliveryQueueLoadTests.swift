import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

@Suite("Delivery queue under injected failures")
struct DeliveryQueueLoadTests {
    /// What the fake Slack saw: arrivals per message, and which messages it took but whose answer
    /// it dropped (the only ones allowed to arrive twice).
    final class Arrivals: Sendable {
        struct State {
            var counts: [String: Int] = [:]
            var dropped: Set<String> = []
        }
        let state = Mutex(State())
    }

    @Test("1,000 messages to 10 destinations under 30% failures all arrive, at the pace, on SQLite")
    func thousandMessages() async throws {
        let file = try TemporaryStateFile()
        let start = DeliveryFixtures.start
        let clock = TestClock(start)
        let arrivals = Arrivals()
        let transport = ScriptedTransport(clock: clock) { request, index throws(TransportError) in
            var random = SplitMix64(seed: UInt64(index) &* 7919 &+ 17)
            let roll = Int.random(in: 0..<100, using: &random)
            let text = String(decoding: request.body, as: UTF8.self)
            switch roll {
            case 0..<10: return OutboundResponse(status: 500, body: Array("rollup_error".utf8))
            case 10..<18: throw .connectionFailed(reason: "refused")
            case 18..<22: return OutboundResponse(status: 429, headers: ["Retry-After": "2"])
            case 22..<26: throw .timedOut
            case 26..<30:
                arrivals.state.withLock { state in
                    state.counts[text, default: 0] += 1
                    state.dropped.insert(text)
                }
                throw .timedOut
            default:
                arrivals.state.withLock { $0.counts[text, default: 0] += 1 }
                return DeliveryFixtures.ok()
            }
        }
        let store = try SQLiteDeliveryStore(path: file.path)
        let queue = DeliveryQueue(
            store: store, transport: transport, clock: clock, configuration: .init(owner: "load"), random: SplitMix64(seed: 3))
        let destinations = (0..<10).map { URL(string: "https://hooks.slack.com/services/T/B/\($0)")! }
        for index in 0..<1000 {
            try await queue.enqueue(DeliveryFixtures.webhookDelivery("m\(index)", to: destinations[index % 10]))
        }

        var now = start
        var rounds = 0
        while rounds < 50_000, let next = await queue.runOnce(now: now) {
            now = max(now, next)
            clock.set(now)
            rounds += 1
        }

        #expect(try await store.list(states: [.pending, .dead]).isEmpty)
        let state = arrivals.state.withLock { $0 }
        for index in 0..<1000 {
            let text = String(decoding: DeliveryFixtures.message("m\(index)"), as: UTF8.self)
            let count = state.counts[text, default: 0]
            #expect(count >= 1, "m\(index) never arrived")
            if !state.dropped.contains(text) { #expect(count == 1, "m\(index) arrived \(count) times") }
        }
        #expect(!state.dropped.isEmpty, "the scenario should include dropped answers")

        // The pace: over any 10-second window, at most burst + rate × 10 posts per destination.
        let sent = transport.sent
        #expect(sent.count > 1300)
        for destination in destinations {
            let times = sent.filter { $0.url == destination }.map { $0.at.timeIntervalSince1970 }.sorted()
            for (index, first) in times.enumerated() {
                let inWindow = times[index...].prefix { $0 < first + 10 }.count
                #expect(inWindow <= 13, "\(inWindow) posts within 10 s to one destination")
                let inSecond = times[index...].prefix { $0 < first + 1 }.count
                #expect(inSecond <= 4)
            }
        }
        let elapsed = now.timeIntervalSince(start)
        // 100 posts to one destination at 1/s with bursts of 3 cannot finish sooner than 97 s.
        #expect(elapsed >= 97 && elapsed < 1200, "virtual time \(elapsed)")
    }
}
