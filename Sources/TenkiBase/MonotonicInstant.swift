#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reading of the clock `ContinuousClock` reads (it never goes back and keeps counting while the
/// machine sleeps), held as nanoseconds since that clock's epoch.
///
/// For the listener's path, where `ContinuousClock.Instant` is expensive to hold: that type is
/// opaque outside the standard library (resilient), so every struct or class that stores one is laid
/// out at run time and copied, destroyed and compared through the runtime's value witnesses, and
/// `instant == nil` calls `Equatable` through its witness table. A connection's deadlines and a
/// request's start are held, copied and compared several times a request. This is one word, and
/// all of that is inline; so is the arithmetic (a `Duration` is 128 bits of attoseconds).
@frozen
public struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Nanoseconds since the clock's epoch (the boot, on Linux): 292 years fit.
    public var nanoseconds: Int64

    @inlinable
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
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
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    /// `duration` later (earlier when negative), to the nanosecond; saturating.
    @inlinable
    public func advanced(by duration: Duration) -> MonotonicInstant {
        let (seconds, attoseconds) = duration.components
        let whole = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let offset = whole.overflow ? (seconds < 0 ? Int64.min : Int64.max) : whole.partialValue
        let base = Self.saturatingSum(nanoseconds, offset)
        return MonotonicInstant(nanoseconds: Self.saturatingSum(base, attoseconds / 1_000_000_000))
    }

    @inlinable
    static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b < 0 ? Int64.min : Int64.max) : sum
    }

    /// The time from this instant to `other` (negative when `other` is earlier).
    @inlinable
    public func duration(to other: MonotonicInstant) -> Duration {
        .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    /// The same in seconds, as a `Double` (for metrics and logs: no 128-bit arithmetic).
    @inlinable
    public func seconds(to other: MonotonicInstant) -> Double {
        Double(other.nanoseconds &- nanoseconds) / 1e9
    }

    @inlinable
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
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
