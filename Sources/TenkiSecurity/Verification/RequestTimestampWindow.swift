import Foundation

/// The freshness rule of a signed request, Slack's v0 scheme and Discord's Ed25519 one alike: its
/// timestamp header, in whole seconds since 1970, must be within `tolerance` of now in either
/// direction, so that a captured request cannot be replayed later.
/// Parsing and arithmetic never trap, whatever number an attacker sends.
struct RequestTimestampWindow: Sendable {
    /// How the timestamp compares with the window.
    enum Outcome: Sendable, Equatable {
        case fresh
        /// Older than the window by more than the tolerance: `skewSeconds` in the past (positive).
        case stale(skewSeconds: Int64)
        /// Ahead by more than the tolerance: `skewSeconds` in the future (positive).
        case future(skewSeconds: Int64)
    }

    /// Seconds either side of now.
    let tolerance: TimeInterval

    /// Decimal digits only (no sign, no spaces, no fraction), at most 19 of them, overflow checked.
    /// Read from the string's contiguous UTF-8 (a `UTF8View` iterator costs tens of instructions a
    /// byte, and this runs for every signed request).
    static func parse(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { digits -> Int64? in
            guard !digits.isEmpty, digits.count <= 19 else { return nil }
            var value: Int64 = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
            }
            return value
        }
    }

    /// Where `timestamp` falls relative to `now` (seconds since 1970, as a clock reads it).
    func check(_ timestamp: Int64, now: TimeInterval) -> Outcome {
        let skew = now - Double(timestamp)
        // Written as negations so that a NaN clock fails closed.
        guard skew <= tolerance else { return .stale(skewSeconds: Self.wholeSeconds(now, minus: timestamp)) }
        guard -skew <= tolerance else {
            let ahead = Self.wholeSeconds(now, minus: timestamp)
            return .future(skewSeconds: ahead == .min ? .max : -ahead)
        }
        return .fresh
    }

    /// `now - timestamp` in whole seconds for logs, computed in integers (a Double would round absurd
    /// timestamps) and clamped instead of trapping.
    private static func wholeSeconds(_ now: TimeInterval, minus timestamp: Int64) -> Int64 {
        let whole: Int64
        if now.isNaN || now >= 9.2e18 {
            whole = .max
        } else if now <= -9.2e18 {
            whole = .min
        } else {
            whole = Int64(now.rounded(.towardZero))
        }
        let (difference, overflow) = whole.subtractingReportingOverflow(timestamp)
        return overflow ? .min : difference  // only a hugely negative clock can overflow here
    }
}
