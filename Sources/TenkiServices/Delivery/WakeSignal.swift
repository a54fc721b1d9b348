import Synchronization

/// A broadcast "something changed" for tasks that otherwise sleep: the run loop waits on it for new
/// work, and `waitForOutcome` for settled attempts. A generation number closes the gap between
/// checking and waiting: a signal after `generation` was read ends the wait at once.
final class WakeSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    var generation: UInt64 { state.withLock { $0.generation } }

    /// Wakes every waiter, and any wait that starts with an older generation.
    func signal() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns after a signal newer than `generation`, after `timeout`, or on cancellation.
    func wait(after generation: UInt64, timeout: Duration) async {
        guard timeout > .zero else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: timeout) }
            group.addTask { await self.waitForSignal(after: generation) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForSignal(after generation: UInt64) async {
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
}
