import Synchronization
import TenkiBase
import TenkiLogging

/// Work that outlives the request that started it (a late answer being looked up and queued after
/// its placeholder went back; a weather answer written to the state store after it was given), owned
/// by the server instead of left to detached tasks: `serve`'s drain step `finish(within:logger:)`
/// waits for it, within a bound, and cancels what is left.
public final class BackgroundWork: Sendable {
    private struct State {
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Signalled each time a piece of work finishes.
    private let finished = AsyncSignal()

    public init() {}

    /// Pieces of work started and not yet finished.
    public var count: Int { state.withLock { $0.tasks.count } }

    /// Starts `operation` as owned work.
    public func start(_ operation: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            // Registered under the lock that `finish` takes, so work that ends at once is still removed.
            // Owner: this object; `finish(within:logger:)` (serve's drain) awaits it, then cancels it.
            state.tasks[id] = Task {
                await operation()
                self.finish(id)
            }
        }
    }

    private func finish(_ id: UInt64) {
        state.withLock { _ = $0.tasks.removeValue(forKey: id) }
        finished.signal()
    }

    /// Returns once no work is left (true), or when `limit` has passed (false).
    public func waitUntilIdle(atMost limit: Duration) async -> Bool {
        let end = ContinuousClock.now + limit
        while true {
            let generation = finished.generation
            guard count > 0 else { return true }
            let left = end - ContinuousClock.now
            guard left > .zero else { return false }
            await finished.wait(after: generation, timeout: left)
        }
    }

    /// Cancels every piece of work still running.
    public func cancelAll() {
        for task in state.withLock({ Array($0.tasks.values) }) { task.cancel() }
    }

    /// The drain step: waits up to `limit` for the work in progress (late answers whose placeholder
    /// went out are then queued; answers are written to the state store), and cancels what is
    /// still running after it.
    func finish(within limit: Duration, logger: Logger) async {
        guard count > 0 else { return }
        logger.notice("waiting for work in progress (late answers, answers being stored)", [("count", String(count))])
        if await !waitUntilIdle(atMost: limit) {
            logger.warning("work still in progress is dropped (late answers, answers being stored)", [("count", String(count))])
            cancelAll()
        }
    }
}
