import Foundation
import TenkiCore
import TenkiFakes
import Testing

@testable import TenkiApp

/// Must-show 4 of issue 36: a Home tab opened by 200 users at once. Every event is acknowledged,
/// every `views.publish` is sent once, and the queue paces them within Slack's Web API Tier 4 for
/// `views.publish` (100+ a minute per workspace): one a second per workspace. The queue runs a
/// round per second of its own time; nothing waits on a real clock.
@Suite("Home tab opened by 200 users at once")
struct HomeTabBurstTests {
    static let users = (0..<200).map { String(format: "U0BURST%03d", $0) }
    /// How many events are posted at once (bounded: the listener's inbound limit is not the subject).
    static let inFlight = 16

    @Test("200 app_home_opened events: 200 publishes, one per user, at most one a second, none dropped")
    func burst() async throws {
        let stack = try HomeFlowTests.stack()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            var statuses: [Int] = []
            for (index, user) in Self.users.enumerated() {
                if index >= Self.inFlight, let status = try await group.next() { statuses.append(status) }
                let envelope = try HomeFlowTests.homeOpened(by: user, eventID: "EvBURST\(index)")
                group.addTask { try await HomeFlowTests.postEvent(stack, envelope).status }
            }
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 })
        #expect(await stack.application.background.waitUntilIdle(atMost: .seconds(60)))
        let start = stack.clock.now()
        var sentByRound: [Int] = []
        var sent = 0
        for round in 0..<260 where sent < Self.users.count {
            _ = await stack.application.queue.runOnce(now: start.addingTimeInterval(Double(round)))
            let total = stack.upstreams.slackAPI.accepted("views.publish").count
            sentByRound.append(total - sent)
            sent = total
        }
        await stack.stop()
        let publishes = stack.upstreams.slackAPI.accepted("views.publish")
        #expect(publishes.count == 200, "nothing dropped")
        #expect(Set(publishes.compactMap(\.userID)) == Set(Self.users), "each user's own tab, once")
        #expect(sentByRound.allSatisfy { $0 <= 1 }, "one a second per workspace")
        let busiestMinute =
            (0..<max(1, sentByRound.count - 59)).map { sentByRound[$0..<min($0 + 60, sentByRound.count)].reduce(0, +) }
            .max() ?? 0
        #expect(busiestMinute <= 100, "within Tier 4 (100+ a minute)")
        #expect(stack.upstreams.slackAPI.viewCalls.allSatisfy { $0.error == nil })
    }
}
