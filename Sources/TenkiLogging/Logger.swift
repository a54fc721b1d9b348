import Foundation

/// How important a log record is. Ordered, so a sink can drop what is below its threshold.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case debug, info, notice, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { name.description }

    /// The name as a literal, for formatters that copy its bytes.
    var name: StaticString {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// Parses `debug`, `info`, `notice`, `warning` (or `warn`), `error`; nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "notice": self = .notice
        case "warning", "warn": self = .warning
        case "error": self = .error
        default: return nil
        }
    }
}

/// One structured log line: a message plus key/value metadata, in insertion order.
public struct LogRecord: Sendable {
    public var level: LogLevel
    public var message: String
    public var metadata: [(key: String, value: String)]
    public var date: Date

    public init(level: LogLevel, message: String, metadata: [(key: String, value: String)], date: Date) {
        self.level = level
        self.message = message
        self.metadata = metadata
        self.date = date
    }
}

/// Where log records go. Implementations must be cheap and never throw: logging must not fail a request.
public protocol LogSink: Sendable {
    func write(_ record: LogRecord)

    /// The record dated now whose metadata is `metadata` followed by the fields `fields` adds:
    /// `Logger.log(_:_:fields:)`, for lines written on every request. The default builds that
    /// `LogRecord` and calls `write(_:)`; `BufferedLogSink` formats the fields straight into its queue.
    /// `fields` may run while the sink holds its lock: it must only add fields, never log.
    func write(_ level: LogLevel, _ message: String, metadata: [(key: String, value: String)], fields: (inout LogFields) -> Void)
}

extension LogSink {
    public func write(
        _ level: LogLevel, _ message: String, metadata: [(key: String, value: String)], fields: (inout LogFields) -> Void
    ) {
        var collected = LogFields(collectingAfter: metadata)
        fields(&collected)
        write(LogRecord(level: level, message: message, metadata: collected.collected, date: Date()))
    }
}

/// A logger is a value: copy it, add metadata (a request id, a component) and pass it down.
/// Libraries receive one; they never create their own, so tests can read every line they write.
public struct Logger: Sendable {
    public var sink: any LogSink
    public var threshold: LogLevel
    public private(set) var metadata: [(key: String, value: String)]

    public init(sink: any LogSink, threshold: LogLevel = .info, metadata: [(key: String, value: String)] = []) {
        self.sink = sink
        self.threshold = threshold
        self.metadata = metadata
    }

    /// A logger that writes nothing, for code paths where nobody listens.
    public static let discarding = Logger(sink: DiscardingLogSink(), threshold: .error)

    /// A copy that adds `key=value` to every record it writes.
    public func with(_ key: String, _ value: String) -> Logger {
        var copy = self
        copy.metadata.append((key, value))
        return copy
    }

    public func isEnabled(_ level: LogLevel) -> Bool { level >= threshold }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String, _ extra: [(key: String, value: String)] = []) {
        guard level >= threshold else { return }
        // Most loggers carry no metadata: then `extra` is passed on as is, not copied into a new array.
        let all = metadata.isEmpty ? extra : extra.isEmpty ? metadata : metadata + extra
        sink.write(LogRecord(level: level, message: message(), metadata: all, date: Date()))
    }

    /// The same line as `log(level, message, extra)` with the fields `fields` adds, for lines
    /// written on every request: a formatting sink writes them straight into its output, numbers
    /// as digits, with no array or String per field. `fields` runs only when `level` is enabled,
    /// possibly under the sink's lock: it must only add fields, never log.
    ///
    ///     logger.log(.info, "request") { line in
    ///         line.add("route", route)
    ///         line.add("status", status.code)
    ///     }
    public func log(_ level: LogLevel, _ message: String, fields: (inout LogFields) -> Void) {
        guard level >= threshold else { return }
        sink.write(level, message, metadata: metadata, fields: fields)
    }

    public func debug(_ message: @autoclosure () -> String, _ extra: [(key: String, value: String)] = []) {
        log(.debug, message(), extra)
    }
    public func info(_ message: @autoclosure () -> String, _ extra: [(key: String, value: String)] = []) {
        log(.info, message(), extra)
    }
    public func notice(_ message: @autoclosure () -> String, _ extra: [(key: String, value: String)] = []) {
        log(.notice, message(), extra)
    }
    public func warning(_ message: @autoclosure () -> String, _ extra: [(key: String, value: String)] = []) {
        log(.warning, message(), extra)
    }
    public func error(_ message: @autoclosure () -> String, _ extra: [(key: String, value: String)] = []) {
        log(.error, message(), extra)
    }
}

/// Drops everything.
public struct DiscardingLogSink: LogSink {
    public init() {}
    public func write(_ record: LogRecord) {}
}
