import Synchronization
import TenkiBase

/// The value of one request's work, started in the background: taken by the request when it is
/// ready in time, or handed to a plan that delivers it late. The decision is made exactly once
/// (`decide`), by the request; the work's own piece of background work waits for it.
final class LateCell<Value: Sendable>: Sendable {
    /// What the work's piece of background work does once the value is owed; it reads the value
    /// through the closure it is given (nil when it is cancelled first: the process is stopping).
    typealias Plan = @Sendable (_ value: @escaping @Sendable () async -> Value?) async -> Void

    private struct State {
        var value: Value?
        var plan: Plan?
    }

    private let state = Mutex(State())
    private let valueReady = AsyncSignal()
    private let decided = AsyncSignal()

    /// The work's value, once.
    func set(_ value: Value) {
        state.withLock { $0.value = value }
        valueReady.signal()
    }

    /// The value, if the work has finished.
    var current: Value? { state.withLock { $0.value } }

    /// Returns once the value is set, or when the calling task is cancelled.
    func waitForValue() async {
        await valueReady.wait()
    }

    /// The value once set; nil when the calling task is cancelled first.
    func value() async -> Value? {
        await valueReady.wait()
        return current
    }

    /// What happens with a value the request did not take: `plan`, or nothing (nil: taken in time,
    /// or dropped because it cannot be delivered).
    func decide(_ plan: Plan?) {
        state.withLock { $0.plan = plan }
        decided.signal()
    }

    /// Drops the value: nobody delivers it (the request said so, e.g. "took too long").
    func drop() {
        decide(nil)
    }

    /// The plan, once decided; nil when none was made or the calling task is cancelled first.
    func plan() async -> Plan? {
        await decided.wait()
        return state.withLock { $0.plan }
    }
}
