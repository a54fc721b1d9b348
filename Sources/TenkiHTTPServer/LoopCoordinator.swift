import Synchronization
import TenkiBase

/// The state all loops and the server share: the connection count behind `maxConnections`, and
/// the signals shutdown waits for.
final class LoopCoordinator: Sendable {
    let loopCount: Int
    private let openConnections = Mutex(0)
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
        openConnections.withLock { count in
            count += 1
            return count
        }
    }

    func connectionClosed() {
        openConnections.withLock { $0 -= 1 }
    }

    var connectionCount: Int { openConnections.withLock { $0 } }

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
