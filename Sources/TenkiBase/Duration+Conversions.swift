import Foundation

extension Duration {
    /// Whole milliseconds (rounded down), saturating at `Int64.max`: for settings, logs and C APIs.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        let whole = seconds.multipliedReportingOverflow(by: 1000)
        guard !whole.overflow else { return Int64.max }
        return whole.partialValue + attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds as a `TimeInterval`, for Foundation APIs.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// `seconds` (a `Date` difference) in whole milliseconds, rounded toward zero; saturating instead
    /// of trapping on values no `Int64` holds, and zero for NaN: for sleeps until a wall-clock time.
    public static func timeInterval(_ seconds: TimeInterval) -> Duration {
        let milliseconds = (seconds * 1000).rounded(.towardZero)
        if milliseconds.isNaN { return .zero }
        if milliseconds >= 9.2e18 { return .milliseconds(Int64.max) }
        if milliseconds <= -9.2e18 { return .milliseconds(Int64.min) }
        return .milliseconds(Int64(milliseconds))
    }
}
