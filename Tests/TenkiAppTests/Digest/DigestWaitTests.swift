import Foundation
import Synchronization
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

extension DigestSuite {
    /// `tenki digest` started before its slot (a timer or CronJob firing every 5 minutes) waits on
    /// the injected clock until the slot arrives, and posts then; never before.
    @Suite("tenki digest waits for its slot")
    struct DigestWaitTests {
        @Test("a run at 07:26 waits for the 07:30 slot in steps of at most 30 s and posts it at 07:30")
        func waitsForTheSlot() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 26))
            let slept = Mutex<[Duration]>([])
            let clock = harness.clock
            let report = try await harness.command(sleep: { duration in
                // Nothing is posted while the run waits.
                #expect(clock.now() < DigestHarness.at(7, 30))
                slept.withLock { $0.append(duration) }
                clock.advance(by: duration.seconds)
            })
            #expect(report.exitCode == .success)
            #expect(harness.posts.count == 1)
            #expect(harness.clock.now() == DigestHarness.at(7, 30))
            let sleeps = slept.withLock { $0 }
            #expect(sleeps.reduce(.zero, +) == .seconds(240))
            #expect(sleeps.allSatisfy { $0 <= .seconds(30) })
        }

        @Test("a run at or after the slot, or with --force, does not wait")
        func noWait() async throws {
            for (time, force) in [(DigestHarness.at(7, 30), false), (DigestHarness.at(7, 41), false), (DigestHarness.at(7, 27), true)] {
                let harness = try DigestHarness()
                harness.clock.set(time)
                let report = try await harness.command(.init(force: force), sleep: { _ in Issue.record("slept at \(time)") })
                #expect(report.exitCode == .success)
                #expect(harness.posts.count == 1)
                #expect(harness.clock.now() == time)
            }
        }

        @Test("a run with nothing due within 5 minutes does not wait and says when the next slot is")
        func nothingDue() async throws {
            let harness = try DigestHarness()
            harness.clock.set(DigestHarness.at(7, 20))
            let report = try await harness.command(sleep: { _ in Issue.record("slept") })
            #expect(report.exitCode == .success)
            #expect(report.diagnostics.contains { $0.hasPrefix("no digest due (next: 2026-11-30 07:30 UTC") })
            #expect(harness.posts.isEmpty)
        }

        @Test("two runs waiting for the same slot (started at 07:26 and 07:28) post it once, at 07:30")
        func overlappingRuns() async throws {
            let harness = try DigestHarness()
            let gate = SleepGate()
            harness.clock.set(DigestHarness.at(7, 26))
            let first = Task { try await harness.command(sleep: gate.sleep) }
            await gate.arrived(1)
            harness.clock.set(DigestHarness.at(7, 28))
            let second = Task { try await harness.command(sleep: gate.sleep) }
            await gate.arrived(2)
            #expect(harness.posts.isEmpty)
            harness.clock.set(DigestHarness.at(7, 30))
            gate.releaseAll()
            let reports = [try await first.value, try await second.value]
            #expect(reports.allSatisfy { $0.exitCode == .success })
            #expect(harness.posts.count == 1)
            #expect(reports.filter { $0.diagnostics.contains { $0.contains("digest default delivered") } }.count == 1)
        }
    }
}

/// A sleep that returns only when the test says so: `arrived(n)` waits until n sleeps in all
/// have begun, `releaseAll()` wakes every sleeper (which then looks at the clock again).
final class SleepGate: Sendable {
    private struct State {
        var sleepers: [CheckedContinuation<Void, Never>] = []
        var arrivals = 0
        var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())

    var sleep: DigestCommand.Sleep {
        { [self] _ in
            await withCheckedContinuation { continuation in
                let wake = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.sleepers.append(continuation)
                    state.arrivals += 1
                    guard let waiter = state.waiter, state.arrivals >= waiter.count else { return nil }
                    state.waiter = nil
                    return waiter.continuation
                }
                wake?.resume()
            }
        }
    }

    func arrived(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.arrivals < count else { return true }
                state.waiter = (count, continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func releaseAll() {
        let waiting = state.withLock { state in
            defer { state.sleepers = [] }
            return state.sleepers
        }
        for continuation in waiting { continuation.resume() }
    }
}
