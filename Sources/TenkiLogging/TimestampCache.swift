import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders timestamps (`2026-11-29T14:32:53.123Z`), keeping the `2026-11-29T14:32:53.` part of
/// the last second seen: a busy listener logs many lines per second, and `gmtime_r` plus the digit
/// loops cost more than the rest of a request's line. Not thread-safe: `BufferedLogSink` keeps one
/// under its lock; the formatter's one-off calls make a fresh one.
struct TimestampCache {
    /// The second whose prefix is in `prefix` (`Int64.min`, which no timestamp's second is: none yet).
    private(set) var second: Int64 = .min
    private var prefix: [UInt8] = []

    /// Appends the timestamp of `millis` (milliseconds since 1970): the same bytes for every
    /// value as rendering it from scratch, including seconds before 1970 and years past 9999.
    mutating func append(millis: Int64, to out: inout LineBuffer) {
        let seconds = millis / 1000
        if seconds != second {
            prefix.removeAll(keepingCapacity: true)
            Self.appendPrefix(seconds: seconds, to: &prefix)
            second = seconds
        }
        out.append(prefix)
        let fraction = millis % 1000
        if fraction > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / 100))
            out.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
            out.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        } else {
            // Zero, or a negative remainder before 1970: the digit loop always wrote "000" for those.
            for _ in 0..<3 { out.append(UInt8(ascii: "0")) }
        }
        out.append(UInt8(ascii: "Z"))
    }

    /// `YYYY-MM-DDTHH:MM:SS.` of a second since 1970, in UTC.
    static func appendPrefix(seconds: Int64, to out: inout [UInt8]) {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func put(_ value: Int, _ width: Int) {
            // At least `width` digits, more when the value needs them (years past 9999).
            var count = 1, probe = value / 10
            while probe > 0 { count += 1; probe /= 10 }
            let digits = max(width, count)
            let start = out.count
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
            var rest = value, position = start + digits - 1
            while rest > 0, position >= start {
                out[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                position -= 1
            }
        }
        put(Int(parts.tm_year) + 1900, 4); out.append(UInt8(ascii: "-"))
        put(Int(parts.tm_mon) + 1, 2); out.append(UInt8(ascii: "-"))
        put(Int(parts.tm_mday), 2); out.append(UInt8(ascii: "T"))
        put(Int(parts.tm_hour), 2); out.append(UInt8(ascii: ":"))
        put(Int(parts.tm_min), 2); out.append(UInt8(ascii: ":"))
        put(Int(parts.tm_sec), 2); out.append(UInt8(ascii: "."))
    }
}
