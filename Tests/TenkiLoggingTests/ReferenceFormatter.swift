import Foundation
import TenkiLogging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A frozen copy of the log formatter as it was before the per-request line was made cheap
/// (commit 3fe20d0): the bytes every faster path must still produce. Deliberately simple and
/// never optimised; do not change it to make a test pass. It changes only with the format's rules:
/// every control character (C0, DEL, C1) is quoted and escaped, so outside text cannot put raw
/// ESC or NUL bytes into a log line.
enum ReferenceFormatter {
    static func logfmt(_ record: LogRecord) -> String {
        var line = "ts=\(timestamp(record.date)) level=\(record.level.description) msg=\(quoteIfNeeded(record.message))"
        for (key, value) in record.metadata {
            line += " \(key)=\(quoteIfNeeded(value))"
        }
        return line
    }

    static func json(_ record: LogRecord) -> String {
        var line = "{\"ts\":\(jsonString(timestamp(record.date))),\"level\":\(jsonString(record.level.description))"
        line += ",\"msg\":\(jsonString(record.message))"
        for (key, value) in record.metadata {
            line += ",\(jsonString(key)):\(jsonString(value))"
        }
        return line + "}"
    }

    /// `2026-11-29T14:32:53.123Z`: milliseconds rounded to nearest, seconds by truncation of those.
    static func timestamp(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(millis / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func put(_ value: Int, _ width: Int) -> String {
            guard value > 0 else { return String(repeating: "0", count: width) }
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return put(Int(parts.tm_year) + 1900, 4) + "-" + put(Int(parts.tm_mon) + 1, 2) + "-" + put(Int(parts.tm_mday), 2)
            + "T" + put(Int(parts.tm_hour), 2) + ":" + put(Int(parts.tm_min), 2) + ":" + put(Int(parts.tm_sec), 2)
            + "." + put(Int(millis % 1000), 3) + "Z"
    }

    /// Quoted when empty or holding a space, `=`, `"`, a control character (C0, DEL, C1) or a
    /// Unicode line break (LS, PS).
    static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty
            || value.unicodeScalars.contains { $0 == " " || $0 == "=" || $0 == "\"" || isControl($0) }
            || value.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }
        return needsQuotes ? jsonString(value) : value
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension ReferenceFormatter {
    /// The router's duration format before it moved into TenkiLogging (commit 3fe20d0).
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite, value >= 0, value < 1e12 else { return String(format: "%.2f", value) }
        let hundredths = Int64((value * 100).rounded(.toNearestOrEven))
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
