import Synchronization
import Testing

@testable import TenkiBase

/// The one hand-made wait primitive: outcomes only, waiters observed registered before the signal.
@Suite("AsyncSignal")
struct AsyncSignalTests {
    /// Yields until `condition` holds, and records a failure if it never does. The bound (a minute
    /// of yielding) only stops a stuck test; it measures nothing.
    func eventually(
        _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
    ) async {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < giveUp { await Task.yield() }
        #expect(condition(), "never came true: \(what)", sourceLocation: sourceLocation)
    }

    @Test("a signal before the wait is never missed: wait(after:) with an older generation returns at once")
    func signalBeforeWait() async {
        let signal = AsyncSignal()
        let seen = signal.generation
        signal.signal()
        await signal.wait(after: seen)
        #expect(signal.generation == seen + 1)
        await signal.wait()  // used as a one-shot flag: already signalled
        #expect(signal.isSignaled)
    }

    @Test("every waiter wakes on one signal, and none before it")
    func broadcast() async {
        let signal = AsyncSignal()
        let woken = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    await signal.wait(after: 0)
                    woken.increment()
                }
            }
            await eventually("five waiters registered") { signal.waiterCount == 5 }
            #expect(woken.value == 0)
            signal.signal()
        }
        #expect(woken.value == 5)
        #expect(signal.waiterCount == 0)
    }

    @Test("a cancelled waiter returns and is removed")
    func cancellation() async {
        let signal = AsyncSignal()
        let waiter = Task { await signal.wait(after: 0) }
        await eventually("the waiter registered") { signal.waiterCount == 1 }
        waiter.cancel()
        await waiter.value
        #expect(signal.waiterCount == 0)
        #expect(!signal.isSignaled)
    }

    @Test("a wait with a timeout returns when the timeout passes without a signal")
    func timeout() async {
        let signal = AsyncSignal()
        await signal.wait(after: 0, timeout: .milliseconds(1))
        #expect(signal.waiterCount == 0)
        #expect(!signal.isSignaled)
    }
}

@Suite("Duration conversions")
struct DurationConversionTests {
    @Test("milliseconds round down and saturate", arguments: [
        (Duration.milliseconds(1500), Int64(1500)), (.microseconds(999), 0), (.seconds(Int64.max), Int64.max),
    ])
    func milliseconds(_ duration: Duration, _ expected: Int64) {
        #expect(duration.milliseconds == expected)
    }
}

final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
