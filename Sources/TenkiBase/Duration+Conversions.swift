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
}
