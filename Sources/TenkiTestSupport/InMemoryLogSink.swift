import Synchronization
import TenkiLogging

/// Keeps every log record in memory, so tests can read what was logged (and prove what was not:
/// no key, no webhook URL, no signature).
public final class InMemoryLogSink: LogSink {
    private let stored = Mutex<[LogRecord]>([])

    public init() {}

    public func write(_ record: LogRecord) {
        stored.withLock { $0.append(record) }
    }

    public var records: [LogRecord] {
        stored.withLock { $0 }
    }

    /// Every record as the logfmt line the stderr sink would write.
    public var lines: [String] {
        records.map(LogLineFormatter.logfmt)
    }

    /// A logger that writes here at every level.
    public func logger(threshold: LogLevel = .debug) -> Logger {
        Logger(sink: self, threshold: threshold)
    }
}

extension LogRecord {
    /// The value of metadata `key`, if the record has it.
    public func value(_ key: String) -> String? {
        metadata.first { $0.key == key }?.value
    }
}
