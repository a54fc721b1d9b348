import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

extension DigestSuite {
    /// The in-process scheduler on a manual clock and a real state file. "Restart" means a new
    /// scheduler and queue on a new connection to the same file, as a new process would have.
    @Suite("Digest scheduler")
    struct DigestSchedulerTests {
        @Test("a slot fires once: not before its time, once at it, never again")
        func firesOnce() async throws {
            let harness = try DigestHarness()
            let logs = InMemoryLogSink()
            let (scheduler, queue) = try harness.process(logger: logs.logger())
            harness.clock.set(DigestHarness.at(7, 29))
            #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"]?.isPosted == false)
            harness.clock.set(DigestHarness.at(7, 30))
            let round = await scheduler.runOnce(now: harness.clock.now())
            #expect(round.outcomes["default"] == .posted(slot: DigestHarness.at(7, 30), delivery: DeliveryID(rawValue: 1)))
            #expect(round.next == DigestHarness.at(7, 29, days: 1), "the next slot's data is fetched a minute ahead")
            await queue.runOnce(now: harness.clock.now())
            for minutes in [1, 30, 119, 121] {
                harness.clock.set(DigestHarness.at(7, 30).addingTimeInterval(TimeInterval(minutes * 60)))
                #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"]?.isPosted == false)
                await queue.runOnce(now: harness.clock.now())
            }
            #expect(harness.posts.count == 1)
            // The webhook URL is a secret: the logs name the digest, slot and delivery, never it.
            #expect(logs.lines.contains { $0.contains("digest queued") && $0.contains("digest=default") })
            #expect(!logs.lines.contains { $0.contains("SECRETSECRET") })
        }

        @Test("restart before the slot: the new process posts it once")
        func restartBefore() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 0))
            _ = await (try harness.process()).scheduler.runOnce(now: harness.clock.now())
            let (scheduler, queue) = try harness.process()
            harness.clock.set(DigestHarness.at(7, 30))
            await scheduler.runOnce(now: harness.clock.now())
            await scheduler.runOnce(now: harness.clock.now())
            await queue.runOnce(now: harness.clock.now())
            #expect(harness.posts.count == 1)
        }

        @Test("restart at the slot, after claiming but before posting: the new process posts the queued message, and only it")
        func restartAt() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 30))
            // The first process claims and queues, then "crashes" before its queue runs.
            let first = await (try harness.process()).scheduler.runOnce(now: harness.clock.now())
            #expect(first.outcomes["default"]?.isPosted == true)
            #expect(harness.posts.isEmpty)
            let (scheduler, queue) = try harness.process()
            harness.clock.set(DigestHarness.at(7, 31))
            let second = await scheduler.runOnce(now: harness.clock.now())
            #expect(second.outcomes["default"] == .alreadyPosted(slot: DigestHarness.at(7, 30), delivery: DeliveryID(rawValue: 1)))
            await queue.runOnce(now: harness.clock.now())
            #expect(harness.posts.count == 1)
        }

        @Test("restart after a missed slot, within the catch-up window: posted once, late")
        func restartAfterWithinWindow() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 0))
            _ = await (try harness.process()).scheduler.runOnce(now: harness.clock.now())
            // Down from 07:00 to 09:15.
            let (scheduler, queue) = try harness.process()
            harness.clock.set(DigestHarness.at(9, 15))
            #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"]?.isPosted == true)
            #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"]?.isPosted == false)
            await queue.runOnce(now: harness.clock.now())
            let (again, _) = try harness.process()
            #expect(await again.runOnce(now: harness.clock.now()).outcomes["default"]?.isPosted == false)
            #expect(harness.posts.count == 1)
        }

        @Test("a slot missed beyond the catch-up window is skipped and logged once, even across restarts")
        func missedBeyondWindow() async throws {
            let harness = try DigestHarness()
            let logs = InMemoryLogSink()
            harness.clock.set(DigestHarness.at(9, 31))
            let (scheduler, queue) = try harness.process(logger: logs.logger())
            #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"] == .missed(slot: DigestHarness.at(7, 30)))
            await scheduler.runOnce(now: harness.clock.now())
            let (restarted, _) = try harness.process(logger: logs.logger())
            await restarted.runOnce(now: harness.clock.now())
            await queue.runOnce(now: harness.clock.now())
            #expect(harness.posts.isEmpty)
            let missed = logs.records.filter { $0.message.contains("missed beyond the catch-up window") }
            #expect(missed.count == 1)
            #expect(missed.first?.value("digest") == "default")
            #expect(missed.first?.value("slot")?.contains("2026-11-30 07:30 UTC") == true)
            // The next day's slot is posted as usual.
            harness.clock.set(DigestHarness.at(7, 30, days: 1))
            #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"]?.isPosted == true)
        }

        @Test("two processes with separate connections to one state file post a slot once")
        func twoConnections() async throws {
            let harness = try DigestHarness()
            let one = try harness.process()
            let two = try harness.process()
            harness.clock.set(DigestHarness.at(7, 30))
            async let first = one.scheduler.runOnce(now: harness.clock.now())
            async let second = two.scheduler.runOnce(now: harness.clock.now())
            let outcomes = await [first.outcomes["default"], second.outcomes["default"]]
            #expect(outcomes.filter { $0?.isPosted == true }.count == 1)
            async let drainOne: Date? = one.queue.runOnce(now: harness.clock.now())
            async let drainTwo: Date? = two.queue.runOnce(now: harness.clock.now())
            _ = await (drainOne, drainTwo)
            #expect(harness.posts.count == 1)
        }

        @Test("spring forward: 02:30 in New York, skipped on 2025-03-09, fires once at 03:00 EDT")
        func springForward() async throws {
            let harness = try DigestHarness(
                environment: ["DIGEST_SCHEDULE": "30 2 * * *", "DIGEST_TIMEZONE": "America/New_York"],
                start: Date(timeIntervalSince1970: 1_741_503_540))  // 2025-03-09 06:59Z = 01:59 EST
            let (scheduler, queue) = try harness.process()
            let round = await scheduler.runOnce(now: harness.clock.now())
            #expect(round.outcomes["default"]?.isPosted == false)
            #expect(round.next == Date(timeIntervalSince1970: 1_741_503_600))  // 07:00Z = 03:00 EDT
            for step in [60.0, 1800, 3600] {
                harness.clock.set(Date(timeIntervalSince1970: 1_741_503_540 + step))
                await scheduler.runOnce(now: harness.clock.now())
                await queue.runOnce(now: harness.clock.now())
            }
            #expect(harness.posts.count == 1)
        }

        @Test("fall back: 01:30 in New York happens twice on 2025-11-02; the digest posts at the first only")
        func fallBack() async throws {
            let firstOccurrence = Date(timeIntervalSince1970: 1_762_061_400)  // 05:30Z = 01:30 EDT
            let harness = try DigestHarness(
                environment: ["DIGEST_SCHEDULE": "30 1 * * *", "DIGEST_TIMEZONE": "America/New_York"], start: firstOccurrence)
            let (scheduler, queue) = try harness.process()
            #expect(await scheduler.runOnce(now: harness.clock.now()).outcomes["default"] == .posted(
                slot: firstOccurrence, delivery: DeliveryID(rawValue: 1)))
            await queue.runOnce(now: harness.clock.now())
            harness.clock.set(firstOccurrence.addingTimeInterval(3600))  // 06:30Z = 01:30 EST
            let round = await scheduler.runOnce(now: harness.clock.now())
            #expect(round.outcomes["default"]?.isPosted == false)
            #expect(round.next == firstOccurrence.addingTimeInterval(86_400 + 3600 - 60))  // 01:30 EST on 3 November
            #expect(harness.posts.count == 1)
        }

        @Test("run() ends on cancellation and sleeps only through the injected sleeper")
        func runLoopCancels() async throws {
            let harness = try DigestHarness()
            let runner = try harness.server().digests
            let sleeps = SleepRecorder()
            harness.clock.set(DigestHarness.at(7, 29, days: 0))
            let scheduler = DigestScheduler(runner: runner, clock: harness.clock, sleep: { duration in
                await sleeps.record(duration)
                // Simulate the sleep: move the manual clock on by the requested time.
                harness.clock.advance(by: Double(duration.components.seconds))
            })
            let task = Task { await scheduler.run() }
            await sleeps.waitForCount(3)
            task.cancel()
            await task.value
            let recorded = await sleeps.durations
            #expect(recorded.first == .seconds(60))
            #expect(harness.webhook.requests.isEmpty)  // queued, not posted: no queue runs here
        }
    }
}

/// Records the scheduler's sleeps, so the loop is tested without sleeping.
actor SleepRecorder {
    private(set) var durations: [Duration] = []
    private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

    func record(_ duration: Duration) {
        durations.append(duration)
        let ready = waiters.filter { $0.0 <= durations.count }
        waiters.removeAll { $0.0 <= durations.count }
        for (_, continuation) in ready { continuation.resume() }
    }

    func waitForCount(_ count: Int) async {
        if durations.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
