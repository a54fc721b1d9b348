import Foundation
import TenkiCore
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiDelivery
@testable import TenkiSecurity
@testable import TenkiStorage

/// One post a second to a Slack channel across processes: the turn is taken in the shared state.
@Suite("Posting turns shared by processes")
struct PostingTurnTests {
    let start = DeliveryFixtures.start

    @Test("a turn is taken once; the next opens after the interval; two handles never share one", arguments: StoreBackend.durable)
    func turns(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let (one, two) = (try await state.open().deliveries, try await state.open().deliveries)
        #expect(try await one.takePostingTurn("h1", now: start, interval: 1) == nil)
        #expect(try await two.takePostingTurn("h1", now: start, interval: 1) == start.addingTimeInterval(1))
        #expect(try await two.takePostingTurn("h2", now: start, interval: 1) == nil, "another channel is not held back")
        #expect(try await two.takePostingTurn("h1", now: start.addingTimeInterval(1), interval: 1) == nil)
        let later = start.addingTimeInterval(10)
        let results = await withTaskGroup(of: Date?.self) { group in
            for index in 0..<8 {
                // A call that fails (a statement timed out on a loaded machine) has taken nothing and is
                // tried again, as the queue does in its next round; only an answer counts.
                group.addTask {
                    let store = index % 2 == 0 ? one : two
                    for _ in 1...5 {
                        do { return try await store.takePostingTurn("h1", now: later, interval: 1) } catch { continue }
                    }
                    return later.addingTimeInterval(-1)  // never answered: not counted as taken
                }
            }
            return await group.reduce(into: [Date?]()) { $0.append($1) }
        }
        #expect(results.filter { $0 == nil }.count == 1, "exactly one of eight concurrent callers posts")
    }

    @Test("two queues on one state file, three posts each to one channel: one post a second in all")
    func twoQueuesOneChannel() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(start)
        let slack = FakeSlackWebAPI(now: { clock.now() })
        let queues = try ["a", "b"].map { owner in
            DeliveryQueue(
                store: try SQLiteDeliveryStore(path: file.path), transport: HandlerTransport(FakeUpstreams(slackAPI: slack)),
                clock: clock,
                configuration: .init(
                    owner: owner, slackAPIBaseURL: SlackWebAPIDeliveryTests.apiBase,
                    slackBotToken: SlackBotToken(FakeSlackWebAPI.defaultToken)),
                random: SplitMix64(seed: 7))
        }
        for (index, queue) in queues.enumerated() {
            for post in 1...3 {
                _ = try await queue.enqueueChatPostMessage(
                    channel: "C1", message: SlackMessage(text: "\(index)-\(post)"), kind: "subscription:1", createdAt: start)
            }
        }
        for second in 0..<8 {
            let now = start.addingTimeInterval(TimeInterval(second))
            clock.set(now)
            for queue in queues { _ = await queue.runOnce(now: now) }
            #expect(slack.posted(to: "C1").count == min(second + 1, 6), "at \(second) s")
        }
    }
}
