import Foundation

/// Renders records as text. Pure, so the formats are pinned by tests (Tests/TenkiLoggingTests).
///
/// Everything appends bytes to a `LineBuffer`, reading each string's UTF-8 in place:
/// `BufferedLogSink` formats every request's line straight into its queue this way, without a
/// String or an array per line or per field.
public enum LogLineFormatter {
    public typealias Format = StandardErrorLogSink.Format

    public static func logfmt(_ record: LogRecord) -> String {
        line(record, format: .logfmt).withBytes { String(decoding: $0, as: UTF8.self) }
    }

    public static func json(_ record: LogRecord) -> String {
        line(record, format: .json).withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `logfmt(record)`'s bytes, appended to `out`.
    public static func appendLogfmt(_ record: LogRecord, to out: inout [UInt8]) {
        line(record, format: .logfmt).withBytes { out.append(contentsOf: $0) }
    }

    /// `json(record)`'s bytes, appended to `out`.
    public static func appendJSON(_ record: LogRecord, to out: inout [UInt8]) {
        line(record, format: .json).withBytes { out.append(contentsOf: $0) }
    }

    /// One record's line, without its newline, timestamp rendered from scratch.
    static func line(_ record: LogRecord, format: Format) -> LineBuffer {
        var out = LineBuffer(capacity: 256)
        var timestamps = TimestampCache()
        append(record, format: format, timestamps: &timestamps, to: &out)
        return out
    }

    /// A whole line without its newline.
    static func append(_ record: LogRecord, format: Format, timestamps: inout TimestampCache, to out: inout LineBuffer) {
        appendHead(
            format: format, millis: milliseconds(record.date), level: record.level, message: record.message,
            timestamps: &timestamps, to: &out)
        for (key, value) in record.metadata { appendField(key, value, format: format, to: &out) }
        appendEnd(format: format, to: &out)
    }

    // MARK: The parts of a line

    /// `ts=… level=… msg=…`, or `{"ts":"…","level":"…","msg":…`: everything before the fields.
    static func appendHead(
        format: Format, millis: Int64, level: LogLevel, message: String, timestamps: inout TimestampCache,
        to out: inout LineBuffer
    ) {
        let json = format == .json
        out.reserve(out.count + 256)
        out.append(ascii: json ? "{\"ts\":\"" : "ts=")
        timestamps.append(millis: millis, to: &out)
        out.append(ascii: json ? "\",\"level\":\"" : " level=")
        out.append(ascii: level.name)
        out.append(ascii: json ? "\",\"msg\":" : " msg=")
        appendValue(message, format: format, to: &out)
    }

    /// ` key=value` (quoted when it must be), or `,"key":"value"`.
    static func appendField(_ key: String, _ value: String, format: Format, to out: inout LineBuffer) {
        appendKey(key, format: format, to: &out)
        appendValue(value, format: format, to: &out)
    }

    /// `value`, quoted when it must be, or as a JSON string.
    @inline(__always)
    static func appendValue(_ value: String, format: Format, to out: inout LineBuffer) {
        switch format {
        case .logfmt: appendQuotedIfNeeded(value, to: &out)
        case .json: appendJSONString(value, to: &out)
        }
    }

    /// ` key=` or `,"key":`.
    static func appendKey(_ key: String, format: Format, to out: inout LineBuffer) {
        switch format {
        case .logfmt:
            out.append(UInt8(ascii: " "))
            out.append(key)
            out.append(UInt8(ascii: "="))
        case .json:
            out.append(UInt8(ascii: ","))
            appendJSONString(key, to: &out)
            out.append(UInt8(ascii: ":"))
        }
    }

    /// A number (digits, `.` and `-`, or printf's `nan` and `inf`: never quoted in logfmt): bare,
    /// or as a JSON string.
    static func appendNumber(format: Format, to out: inout LineBuffer, _ digits: (inout LineBuffer) -> Void) {
        if format == .json { out.append(UInt8(ascii: "\"")) }
        digits(&out)
        if format == .json { out.append(UInt8(ascii: "\"")) }
    }

    /// Nothing, or the JSON object's `}`.
    static func appendEnd(format: Format, to out: inout LineBuffer) {
        if format == .json { out.append(UInt8(ascii: "}")) }
    }

    // MARK: Values

    /// Milliseconds since 1970, rounded to the nearest: what the timestamp shows.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `2026-11-29T14:32:53.123Z`.
    static func timestamp(_ date: Date) -> String {
        var bytes = LineBuffer()
        var timestamps = TimestampCache()
        timestamps.append(millis: milliseconds(date), to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `String(value)`'s bytes.
    static func appendDecimal(_ value: Int, to out: inout LineBuffer) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Two decimals, as `String(format: "%.2f", value)` but without Foundation's formatter for
    /// the usual values (durations in milliseconds): `value × 100` rounded half to even, then
    /// digits. (A tie after scaling can differ from printf's: 0.015 gives "0.02", printf "0.01".)
    public static func twoDecimals(_ value: Double) -> String {
        var bytes = LineBuffer()
        appendTwoDecimals(value, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func appendTwoDecimals(_ value: Double, to out: inout LineBuffer) {
        guard value.isFinite, value >= 0, value < 1e12 else {
            out.append(String(format: "%.2f", value))
            return
        }
        let hundredths = Int((value * 100).rounded(.toNearestOrEven))
        appendDecimal(hundredths / 100, to: &out)
        let fraction = hundredths % 100
        out.append(UInt8(ascii: "."))
        out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        out.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    // MARK: Bytes of strings

    /// Runs `body` over the string's UTF-8 in place (a native string, which is every string here,
    /// has it contiguous; `String.UTF8View`'s iterator costs several times more per byte).
    @inline(__always)
    static func withUTF8<Result>(_ value: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = value.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = value
        return copy.withUTF8(body)
    }
}
