import Synchronization
import TenkiBase

/// The state all loops and the server share: the connection count behind `maxConnections`, and
/// the signals shutdown waits for.
final class LoopCoordinator: Sendable {
    let loopCount: Int
    /// Read by a loop after each turn with few connections (`pollsBeforeSleeping`), so an atomic, not a lock.
    private let openConnections = Atomic<Int>(0)
    private let drainedLoops = Mutex(0)
    private let exitedLoops = Mutex(0)
    /// Every loop has closed its last connection after draining began.
    let allDrained = AsyncSignal()
    /// Every loop thread has returned from `run()`.
    let allExited = AsyncSignal()

    init(loopCount: Int) {
        self.loopCount = loopCount
    }

    /// Counts a new connection and returns the number now open.
    func connectionOpened() -> Int {
        openConnections.wrappingAdd(1, ordering: .relaxed).newValue
    }

    func connectionClosed() {
        openConnections.wrappingSubtract(1, ordering: .relaxed)
    }

    var connectionCount: Int { openConnections.load(ordering: .relaxed) }

    func loopDrained() {
        let drained = drainedLoops.withLock { count in
            count += 1
            return count
        }
        if drained == loopCount { allDrained.signal() }
    }

    func loopExited() {
        let exited = exitedLoops.withLock { count in
            count += 1
            return count
        }
        if exited == loopCount { allExited.signal() }
    }
}
