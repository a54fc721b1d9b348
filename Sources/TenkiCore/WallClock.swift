import Foundation

/// The time of day, behind a protocol so that signature windows, cache lifetimes and schedules
/// are tested on a manual clock instead of by waiting.
public protocol WallClock: Sendable {
    func now() -> Date
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}
