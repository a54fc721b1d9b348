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
        var line = "ts=\(timestamp(record.date)) level=\(record.level) msg=\(quoteIfNeeded(record.message))"
        for (key, value) in record.metadata {
            line += " \(key)=\(quoteIfNeeded(value))"
        }
        return line
    }

    public static func json(_ record: LogRecord) -> String {
        var line = "{\"ts\":\(jsonString(timestamp(record.date))),\"level\":\(jsonString(record.level.description)),\"msg\":\(jsonString(record.message))"
        for (key, value) in record.metadata {
            line += ",\(jsonString(key)):\(jsonString(value))"
        }
        return line + "}"
    }

    static func timestamp(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(millis / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis % 1000), 3))Z"
    }

    static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0.isNewline }
        guard needsQuotes else { return value }
        return jsonString(value)
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
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
