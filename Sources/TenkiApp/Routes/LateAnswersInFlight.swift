import Synchronization

/// Late answers promised (a placeholder went back to Slack) but not yet handed to the delivery
/// queue, because their work is still running. `serve` waits for them after the listener has
/// drained and before it stops the queue, so that an answer whose placeholder a user already saw
/// is queued (and then survives a restart) instead of dying with the process.
public final class LateAnswersInFlight: Sendable {
    private struct State {
        var count = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// How many are promised and not yet handed over.
    public var count: Int { state.withLock { $0.count } }

    /// A placeholder went out: its answer is owed.
    func begin() {
        state.withLock { $0.count += 1 }
    }

    /// The answer was handed to the queue (or could not be, and that was logged).
    func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count = max(0, state.count - 1)
            guard state.count == 0 else { return [] }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once none is owed (at once if none is), or when the calling task is cancelled: work
    /// that never ends must not hold up a shutdown forever (`serve` races this against its drain timeout).
    public func waitUntilNone() async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard state.count > 0, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Waits until none is owed or `limit` passes; true when none is owed.
    public func waitUntilNone(atMost limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.waitUntilNone(); return true }
            group.addTask { try? await Task.sleep(for: limit); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first && count == 0
        }
    }

    /// Waiting callers, for tests that must know a waiter is registered before they end the work.
    var waiterCount: Int { state.withLock { $0.waiters.count } }
}
