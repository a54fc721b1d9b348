import Synchronization

/// A broadcast "something happened" for tasks that otherwise sleep. Every `signal()` starts a new
/// generation and wakes every waiter; a wait names the generation it last saw, so a signal that
/// lands between reading `generation` and starting to wait is never missed.
///
/// It is the one hand-made continuation primitive shared by the server (connections drained, loops
/// exited), the delivery queue (new work, settled attempts) and the drain (late answers done). Used
/// as a one-shot flag, `wait()` returns once `signal()` was called at least once.
public final class AsyncSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// How many times `signal()` was called.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// True once `signal()` was called.
    public var isSignaled: Bool { generation > 0 }

    /// Starts a new generation and wakes every waiter.
    public func signal() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `signal()` has been called at least once (at once if it already was).
    public func wait() async {
        await wait(after: 0)
    }

    /// Returns after a signal newer than `generation`, or when the calling task is cancelled.
    public func wait(after generation: UInt64) async {
        let id = state.withLock { state in
            state.nextWaiter &+= 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.generation != generation || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Returns after a signal newer than `generation`, after `timeout`, or on cancellation.
    public func wait(after generation: UInt64, timeout: Duration) async {
        guard timeout > .zero else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: timeout) }
            group.addTask { await self.wait(after: generation) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Waiting tasks, for tests that must know a waiter is registered before they signal.
    public var waiterCount: Int { state.withLock { $0.waiters.count } }
}
