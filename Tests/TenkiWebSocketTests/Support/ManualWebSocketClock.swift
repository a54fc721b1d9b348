import Synchronization
import TenkiWebSocket

/// A monotonic clock that moves only when a test says so.
final class ManualWebSocketClock: WebSocketClock {
    private let current = Mutex(Duration.seconds(1000))
    func now() -> Duration { current.withLock { $0 } }
    func advance(by duration: Duration) { current.withLock { $0 += duration } }
}
