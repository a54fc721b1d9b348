import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The same lines as `StandardErrorLogSink` (one per record, logfmt or JSON), written in batches by a
/// background thread, so that a request's log line costs the listener's thread a format and a copy,
/// not a `write(2)` (which was a tenth of a cached request's cost, and which blocks when the reader is slow).
///
/// - Order: lines are written in the order `write` was called.
/// - `notice` and above are flushed before `write` returns (with everything queued before them), so
///   start-up, drain and "stopped" lines are never lost at exit; queued lines are also flushed at
///   `exit()` and by `flush()`.
/// - Bounded: at most `capacity` bytes wait. A record that does not fit is dropped, never waited
///   for, and counted: `droppedLines` (for `/metrics`), and a warning line once there is room again.
public final class BufferedLogSink: LogSink, @unchecked Sendable {
    // @unchecked: `pending`, `spare` and `droppedSinceReport` are guarded by `condition`'s lock;
    // `writeLock` orders the writers; `dropped` is atomic; the rest is immutable.
    public let format: StandardErrorLogSink.Format
    public let capacity: Int
    private let fd: Int32
    private let interval: useconds_t
    private let condition = NSCondition()
    private let writeLock = NSLock()
    private var pending: [UInt8] = []
    private var spare: [UInt8] = []
    private var droppedSinceReport = 0
    private let dropped = Atomic<UInt64>(0)

    /// - Parameters:
    ///   - fileDescriptor: where lines go (stderr by default); tests pass a pipe.
    ///   - capacity: the most bytes queued before records are dropped (default 4 MiB).
    ///   - flushInterval: how long the background thread waits between batches (default 2 ms), so a busy
    ///     listener wakes it a few hundred times a second, not once per line.
    public init(
        format: StandardErrorLogSink.Format = .logfmt, fileDescriptor: Int32 = STDERR_FILENO, capacity: Int = 4 << 20,
        flushInterval: Duration = .milliseconds(2)
    ) {
        self.format = format
        self.fd = fileDescriptor
        self.capacity = max(capacity, 4096)
        let (seconds, attoseconds) = flushInterval.components
        self.interval = useconds_t(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        pending.reserveCapacity(64 * 1024)
        spare.reserveCapacity(64 * 1024)
        Self.registerForExit(self)
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "tenki-log"
        thread.start()
    }

    /// Records dropped because the queue was full, since start.
    public var droppedLines: UInt64 { dropped.load(ordering: .relaxed) }

    public func write(_ record: LogRecord) {
        var line: [UInt8] = []
        if format == .json {
            line.append(contentsOf: LogLineFormatter.json(record).utf8)
        } else {
            LogLineFormatter.appendLogfmt(record, to: &line)
        }
        line.append(UInt8(ascii: "\n"))
        enqueue(line)
        if record.level >= .notice { flush() }
    }

    /// Writes everything queued so far before returning.
    public func flush() {
        writeLock.lock()
        defer { writeLock.unlock() }
        writeQueued()
    }

    private func enqueue(_ line: [UInt8]) {
        condition.lock()
        let count = line.count
        if pending.count + count > capacity {
            droppedSinceReport += 1
            condition.unlock()
            dropped.add(1, ordering: .relaxed)
            return
        }
        let wasEmpty = pending.isEmpty
        pending.append(contentsOf: line)
        if wasEmpty { condition.signal() }
        condition.unlock()
    }

    /// The background thread: waits for lines, then writes whatever has gathered, batch after batch.
    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            condition.unlock()
            if interval > 0 { usleep(interval) }  // let a batch gather
            flush()
        }
    }

    /// Takes the queue (leaving the spare buffer in its place) and writes it. Call with `writeLock` held.
    private func writeQueued() {
        condition.lock()
        var batch = pending
        pending = spare
        spare = []
        let droppedNow = droppedSinceReport
        droppedSinceReport = 0
        condition.unlock()
        if droppedNow > 0 {
            let warning = LogRecord(
                level: .warning, message: "log lines dropped: the log output is slower than the listener",
                metadata: [("dropped", String(droppedNow))], date: Date())
            let line = format == .json ? LogLineFormatter.json(warning) : LogLineFormatter.logfmt(warning)
            batch.append(contentsOf: (line + "\n").utf8)
        }
        writeAll(batch)
        batch.removeAll(keepingCapacity: batch.capacity <= 1 << 20)
        condition.lock()
        if spare.capacity < batch.capacity { spare = batch }
        condition.unlock()
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    // MARK: Flushing at exit

    private static let live = Mutex<[BufferedLogSink]>([])

    private static func registerForExit(_ sink: BufferedLogSink) {
        let first = live.withLock { sinks in
            sinks.append(sink)
            return sinks.count == 1
        }
        if first { atexit { BufferedLogSink.flushAll() } }
    }

    /// Flushes every sink made in this process (run at `exit()`).
    public static func flushAll() {
        for sink in live.withLock({ $0 }) { sink.flush() }
    }
}
