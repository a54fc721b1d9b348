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
        var line = LogLineFormatter.line(record, format: format)
        line.append(UInt8(ascii: "\n"))
        // A line stderr refuses has nowhere else to go.
        _ = line.withBytes { DescriptorOutput.writeAll($0, to: STDERR_FILENO) }
    }
}
