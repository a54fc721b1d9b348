import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The one in-time-or-late rule, on its own: the budget and the work are gates the test opens, so
/// nothing here depends on how fast the machine is.
@Suite("The in-time-or-late rule")
struct TimelyResponderTests {
    static func rule(budget: AsyncSignal, background: BackgroundWork, late: RecordingLateAnswers) -> TimelyResponder {
        TimelyResponder(
            budget: .seconds(2), waitForBudget: { _ in await budget.wait() }, lateAnswers: late,
            allowedResponseHosts: .slack, background: background)
    }

    static let work = PendingWork(
        record: [], destination: URL(string: "https://hooks.slack.com/commands/T1/2/x")!, kind: .responseURL)

    @Test("a value ready within the budget goes back inline, and nothing is delivered late")
    func inTime() async throws {
        let (budget, background, late) = (AsyncSignal(), BackgroundWork(), RecordingLateAnswers())
        let started = await Self.rule(budget: budget, background: background, late: late).start(within: .seconds(2)) { "sunny" }
        guard case .inTime(let value) = started else {
            Issue.record("not in time")
            return
        }
        #expect(value == "sunny")
        #expect(await background.waitUntilIdle(atMost: .seconds(60)), "the work's piece of background work ends")
        #expect(late.count == 0)
    }

    @Test("a value not ready when the budget is spent is owed: delivered once, late, after the hold")
    func late() async throws {
        let (budget, background, late) = (AsyncSignal(), BackgroundWork(), RecordingLateAnswers())
        let rule = Self.rule(budget: budget, background: background, late: late)
        let answer = AsyncSignal()
        budget.signal()
        let started = await rule.start(within: .seconds(2)) { () -> String in
            await answer.wait()
            return "rain"
        }
        guard case .late(let cell) = started else {
            Issue.record("answered inline although the work was held")
            return
        }
        await rule.owe(cell, as: Self.work, via: late, ticket: nil, logger: .discarding) { LateAnswer(body: Array($0.utf8)) }
        #expect(late.count == 0, "owed, not delivered, while the work runs")
        answer.signal()
        #expect(await background.waitUntilIdle(atMost: .seconds(60)))
        #expect(late.delivered.withLock { $0.map { String(decoding: $0.body, as: UTF8.self) } } == ["rain"])
    }

    @Test("no budget (a Slack press): owed at once, even when the value is ready")
    func noBudget() async throws {
        let (budget, background, late) = (AsyncSignal(), BackgroundWork(), RecordingLateAnswers())
        let rule = Self.rule(budget: budget, background: background, late: late)
        guard case .late(let cell) = await rule.start(within: nil, { "fog" }) else {
            Issue.record("a press was answered inline")
            return
        }
        await rule.owe(cell, as: Self.work, via: late, ticket: nil, logger: .discarding) { LateAnswer(body: Array($0.utf8)) }
        #expect(await background.waitUntilIdle(atMost: .seconds(60)))
        #expect(late.count == 1)
    }

    @Test("a dropped value is never delivered")
    func dropped() async throws {
        let (budget, background, late) = (AsyncSignal(), BackgroundWork(), RecordingLateAnswers())
        guard case .late(let cell) = await Self.rule(budget: budget, background: background, late: late).start(within: nil, { 1 })
        else {
            Issue.record("answered inline")
            return
        }
        cell.drop()
        #expect(await background.waitUntilIdle(atMost: .seconds(60)))
        #expect(late.count == 0)
    }
}
