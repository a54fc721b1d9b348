#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reading of the clock `ContinuousClock` reads (it never goes back and keeps counting while the
/// machine sleeps), held as a `Duration` since that clock's epoch.
///
/// For the listener's path, where `ContinuousClock.Instant` is expensive to hold: that type is
/// opaque outside the standard library (resilient), so every struct or class that stores one is laid
/// out at run time and copied, destroyed and compared through the runtime's value witnesses, and
/// `instant == nil` calls `Equatable` through its witness table. A connection's deadlines and a
/// request's start are held, copied and compared several times a request. This is two words,
/// and all of that is inline.
@frozen
public struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Time since the clock's epoch (the boot, on Linux).
    public var sinceEpoch: Duration

    @inlinable
    public init(sinceEpoch: Duration) {
        self.sinceEpoch = sinceEpoch
    }

    /// Now: `clock_gettime` on `ContinuousClock`'s clock (`CLOCK_BOOTTIME` on Linux,
    /// `CLOCK_MONOTONIC_RAW` on Apple platforms), read without the standard library's detour.
    public static var now: MonotonicInstant {
        var time = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_BOOTTIME, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC_RAW, &time)
        #endif
        return MonotonicInstant(sinceEpoch: .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec)))
    }

    @inlinable
    public func advanced(by duration: Duration) -> MonotonicInstant {
        MonotonicInstant(sinceEpoch: sinceEpoch + duration)
    }

    /// The time from this instant to `other` (negative when `other` is earlier).
    @inlinable
    public func duration(to other: MonotonicInstant) -> Duration {
        other.sinceEpoch - sinceEpoch
    }

    @inlinable
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.sinceEpoch < rhs.sinceEpoch
    }

    @inlinable
    public static func + (lhs: MonotonicInstant, rhs: Duration) -> MonotonicInstant {
        lhs.advanced(by: rhs)
    }

    @inlinable
    public static func - (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Duration {
        rhs.duration(to: lhs)
    }
}
