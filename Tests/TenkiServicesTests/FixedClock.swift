import Foundation
import TenkiCore

/// A clock that always says the same time, so signature windows are tested without waiting.
struct FixedClock: WallClock {
    var seconds: TimeInterval
    init(_ seconds: TimeInterval) { self.seconds = seconds }
    func now() -> Date { Date(timeIntervalSince1970: seconds) }
}

/// Counts its readings, to check that a verification reads the clock at most once.
final class CountingClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var readings = 0
    private let seconds: TimeInterval
    init(_ seconds: TimeInterval) { self.seconds = seconds }
    var count: Int { lock.withLock { readings } }
    func now() -> Date {
        lock.withLock { readings += 1 }
        return Date(timeIntervalSince1970: seconds)
    }
}
