import Foundation
import Synchronization
import TenkiCore

/// A wall clock that moves only when a test says so, so cache lifetimes, negative caching and
/// stale ages are tested by advancing time instead of waiting for it.
public final class ManualClock: WallClock, Sendable {
    private let current: Mutex<Date>

    /// Starts at `start`; the default is a fixed instant so ages and messages are reproducible.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative value) by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
