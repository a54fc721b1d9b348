import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line per record to stderr, as logfmt (`ts=… level=info msg="…" key=value`) or JSON lines.
/// Each line goes out in one `write(2)` (looping only on a short write), so lines from concurrent tasks do not interleave.
public struct StandardErrorLogSink: LogSink {
    public enum Format: String, Sendable, CaseIterable {
        case logfmt, json
    }

    public let format: Format

    public init(format: Format = .logfmt) {
        self.format = format
    }

    public func write(_ record: LogRecord) {
        var line = format == .json ? LogLineFormatter.json(record) : LogLineFormatter.logfmt(record)
        line.append("\n")
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// Renders records as text. Pure, so the formats are pinned by tests.
public enum LogLineFormatter {
    public static func logfmt(_ record: LogRecord) -> String {
        var bytes: [UInt8] = []
        appendLogfmt(record, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `logfmt(record)`'s bytes, appended straight to `out`: no intermediate strings (the buffered
    /// sink formats every request's line this way).
    public static func appendLogfmt(_ record: LogRecord, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 192)
        out.append(contentsOf: "ts=".utf8)
        appendTimestamp(record.date, to: &out)
        out.append(contentsOf: " level=".utf8)
        out.append(contentsOf: record.level.description.utf8)
        out.append(contentsOf: " msg=".utf8)
        appendQuotedIfNeeded(record.message, to: &out)
        for (key, value) in record.metadata {
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: key.utf8)
            out.append(UInt8(ascii: "="))
            appendQuotedIfNeeded(value, to: &out)
        }
    }

    public static func json(_ record: LogRecord) -> String {
        var line = "{\"ts\":\(jsonString(timestamp(record.date))),\"level\":\(jsonString(record.level.description)),\"msg\":\(jsonString(record.message))"
        for (key, value) in record.metadata {
            line += ",\(jsonString(key)):\(jsonString(value))"
        }
        return line + "}"
    }

    /// `2026-11-29T14:32:53.123Z`.
    static func timestamp(_ date: Date) -> String {
        var bytes: [UInt8] = []
        appendTimestamp(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The timestamp written digit by digit: this runs for every request's log line.
    static func appendTimestamp(_ date: Date, to out: inout [UInt8]) {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(millis / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
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
        put(Int(millis % 1000), 3); out.append(UInt8(ascii: "Z"))
    }

    /// Quoted (as a JSON string) when empty or holding a space, `=`, `"` or a line break. Scans
    /// bytes, not Characters (this runs for every field of every line): the characters that matter are
    /// ASCII, or the Unicode line breaks NEL, LS and PS, whose UTF-8 starts with 0xC2 or 0xE2.
    /// (A space or `=` carrying a combining mark is quoted too, which the Character scan did not; harmless.)
    static func quoteIfNeeded(_ value: String) -> String {
        needsQuotes(value) ? jsonString(value) : value
    }

    static func appendQuotedIfNeeded(_ value: String, to out: inout [UInt8]) {
        if needsQuotes(value) {
            appendJSONString(value, to: &out)
        } else {
            out.append(contentsOf: value.utf8)
        }
    }

    static func needsQuotes(_ value: String) -> Bool {
        var needsQuotes = value.isEmpty
        var checkedUnicode = false
        for byte in value.utf8 where !needsQuotes {
            switch byte {
            case 0x20, 0x3D, 0x22, 0x0A...0x0D:
                needsQuotes = true
            case 0xC2, 0xE2:
                guard !checkedUnicode else { continue }
                checkedUnicode = true
                needsQuotes = value.unicodeScalars.contains { $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
            default:
                continue
            }
        }
        return needsQuotes
    }

    /// `jsonString(value)`'s bytes. Works on UTF-8 bytes: everything from 0x80 up is copied as is
    /// (whole scalars, since the string is valid UTF-8), so the output is the same.
    static func appendJSONString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
