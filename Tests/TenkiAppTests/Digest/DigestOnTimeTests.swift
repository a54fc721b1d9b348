import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

extension DigestSuite {
    /// `TENKI_DIGEST_CATCH_UP_MINUTES=0` on a manual clock, as `serve`'s scheduler meets it: the
    /// sleep ends a few milliseconds after the slot, and the slot is still posted.
    @Suite("Digest scheduler with a catch-up window of 0")
    struct DigestOnTimeTests {
        @Test("a wake 5 ms after the slot posts it")
        func wakeJustAfterTheSlot() async throws {
            let harness = try DigestHarness(environment: ["TENKI_DIGEST_CATCH_UP_MINUTES": "0"])
            let (scheduler, queue) = try harness.process()
            harness.clock.set(DigestHarness.at(7, 0))
            let before = await scheduler.runOnce(now: harness.clock.now())
            #expect(before.next == DigestHarness.at(7, 29), "a minute early, to fetch its data")
            harness.clock.set(DigestHarness.at(7, 30).addingTimeInterval(0.005))
            let round = await scheduler.runOnce(now: harness.clock.now())
            #expect(round.outcomes["default"]?.isPosted == true)
            await queue.runOnce(now: harness.clock.now())
            #expect(harness.posts.count == 1)
        }

        @Test("a process that starts two minutes after the slot skips it")
        func lateStartSkips() async throws {
            let harness = try DigestHarness(environment: ["TENKI_DIGEST_CATCH_UP_MINUTES": "0"])
            let (scheduler, queue) = try harness.process()
            harness.clock.set(DigestHarness.at(7, 32))
            let round = await scheduler.runOnce(now: harness.clock.now())
            #expect(round.outcomes["default"] == .missed(slot: DigestHarness.at(7, 30)))
            await queue.runOnce(now: harness.clock.now())
            #expect(harness.posts.isEmpty)
        }
    }
}
