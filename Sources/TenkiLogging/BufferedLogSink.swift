import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The same lines as `StandardErrorLogSink` (one per record, logfmt or JSON), written in batches by a
/// background thread, so that a request's log line costs the listener's thread a format into a
/// buffer, not a `write(2)` (which was a tenth of a cached request's cost, and which blocks when
/// the reader is slow).
///
/// - Order: lines are written in the order `write` was called.
/// - `notice` and above are flushed before `write` returns (with everything queued before them), so
///   start-up, drain and "stopped" lines are never lost at exit; queued lines are also flushed at
///   `exit()` and by `flush()`.
/// - Prompt: other lines are written within about `flushInterval` (25 ms by default) of being queued.
/// - Bounded: at most `capacity` bytes wait. A record that does not fit is dropped, never waited
///   for, and counted: `droppedLines` (for `/metrics`), and a warning line once there is room again.
///
/// The background thread wakes once per `flushInterval` while lines keep coming, and sleeps
/// untimed once a whole interval passes without one. Only the line that ends such a sleep signals
/// it: a busy listener makes no futex call per line or per batch, and is interrupted 40 times a
/// second, not 700 (at 2 ms and a signal per batch, those cost a listener pinned to one CPU a
/// fifth of its throughput and a millisecond of p99 latency).
///
/// The C API forces a thread: `write(2)` to stderr blocks while the reader is slow, which must not
/// stall a listener loop or Swift's cooperative pool. `NSCondition` gives that thread its timed
/// wait (`pthread_cond_timedwait`), and `NSLock` orders writers with it.
public final class BufferedLogSink: LogSink, @unchecked Sendable {
    // @unchecked: `queue`, `droppedSinceReport`, `timestamps`, `flusherIdle` and `signals` are
    // guarded by `condition`'s lock; `writeLock` orders the writers; `dropped` is
    // atomic; the rest is immutable.
    public let format: StandardErrorLogSink.Format
    public let capacity: Int
    private let fd: Int32
    private let interval: useconds_t
    private let condition = NSCondition()
    private let writeLock = NSLock()
    private var queue = LineQueue()
    private var droppedSinceReport = 0
    private var timestamps = TimestampCache()
    /// True while the background thread waits for a line with nothing queued.
    private var flusherIdle = false
    private var signals = 0
    private let dropped = Atomic<UInt64>(0)
    /// The time of lines written through `write(_:_:metadata:fields:)`; tests set it.
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - fileDescriptor: where lines go (stderr by default); tests pass a pipe.
    ///   - capacity: the most bytes queued before records are dropped (default 4 MiB: about half a
    ///     second of request lines at the listener's fastest, so a 25 ms gather is far from filling it).
    ///   - flushInterval: how long the background thread lets a batch gather (default 25 ms): how late
    ///     an operator tailing the log sees an info line, and how often a busy listener's thread is
    ///     interrupted by the writer.
    public convenience init(
        format: StandardErrorLogSink.Format = .logfmt, fileDescriptor: Int32 = STDERR_FILENO, capacity: Int = 4 << 20,
        flushInterval: Duration = .milliseconds(25)
    ) {
        self.init(
            format: format, fileDescriptor: fileDescriptor, capacity: capacity, flushInterval: flushInterval, now: { Date() })
    }

    init(
        format: StandardErrorLogSink.Format, fileDescriptor: Int32, capacity: Int, flushInterval: Duration,
        now: @escaping @Sendable () -> Date
    ) {
        self.now = now
        self.format = format
        self.fd = fileDescriptor
        self.capacity = max(capacity, 4096)
        let (seconds, attoseconds) = flushInterval.components
        self.interval = useconds_t(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        Self.registerForExit(self)
        let thread = Thread { [unowned self] in
            Thread.current.name = "tenki-log"  // from inside, as the listener's loops do (HTTPServer)
            self.run()
        }
        thread.start()
    }

    /// Records dropped because the queue was full, since start.
    public var droppedLines: UInt64 { dropped.load(ordering: .relaxed) }

    /// How many times a writer has woken the background thread (for tests: once per idle spell, not per line).
    var wakeSignals: Int {
        condition.lock()
        defer { condition.unlock() }
        return signals
    }

    /// Whether the background thread is waiting, untimed, for a line (for tests).
    var isFlusherIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return flusherIdle
    }

    public func write(_ record: LogRecord) {
        enqueue(record.level, record.message, date: record.date, metadata: record.metadata) { _ in }
    }

    public func write(
        _ level: LogLevel, _ message: String, metadata: [(key: String, value: String)], fields: (inout LogFields) -> Void
    ) {
        enqueue(level, message, date: now(), metadata: metadata, fields: fields)
    }

    /// Writes everything queued so far before returning.
    public func flush() {
        writeLock.lock()
        defer { writeLock.unlock() }
        writeQueued()
    }

    /// Formats the line at the end of the queue, under the lock (the queue's last chunk is moved into
    /// the formatter's buffer and back, not copied), then takes it out again if it does not fit.
    private func enqueue(
        _ level: LogLevel, _ message: String, date: Date, metadata: [(key: String, value: String)],
        fields: (inout LogFields) -> Void
    ) {
        let millis = LogLineFormatter.milliseconds(date)
        condition.lock()
        var line = LogFields(format: format, bytes: LineBuffer())
        swap(&line.bytes, &queue.current)
        let start = line.bytes.count
        LogLineFormatter.appendHead(
            format: format, millis: millis, level: level, message: message, timestamps: &timestamps, to: &line.bytes)
        for (key, value) in metadata { line.add(key, value) }
        fields(&line)
        LogLineFormatter.appendEnd(format: format, to: &line.bytes)
        line.bytes.append(UInt8(ascii: "\n"))
        swap(&line.bytes, &queue.current)
        let fits = queue.count <= capacity
        if fits {
            queue.sealIfFull()
        } else {
            queue.current.truncate(to: start)
            droppedSinceReport += 1
        }
        if flusherIdle {
            flusherIdle = false
            signals += 1
            condition.signal()
        }
        condition.unlock()
        if !fits { dropped.add(1, ordering: .relaxed) }
        if level >= .notice { flush() }
    }

    /// The background thread: sleeps until something is queued, then writes a batch every interval
    /// until an interval passes with nothing queued. (Going back to sleep after each batch instead
    /// would make the next line signal it again: on a listener pinned to the same CPU as this
    /// thread, the batch is written while the listener waits, so the queue is nearly always empty
    /// just after a write.)
    private func run() {
        while true {
            condition.lock()
            while queue.count == 0, droppedSinceReport == 0 {
                flusherIdle = true
                condition.wait()
            }
            flusherIdle = false
            condition.unlock()
            repeat {
                // A sleep, not a timed wait: nothing needs to cut it short (notice lines flush
                // themselves), and it cannot be stretched by the wall clock stepping back.
                if interval > 0 { usleep(interval) }
            } while writeQueuedIfAny()
        }
    }

    /// Writes what is queued, if anything; false when there was nothing.
    private func writeQueuedIfAny() -> Bool {
        writeLock.lock()
        defer { writeLock.unlock() }
        condition.lock()
        let empty = queue.count == 0 && droppedSinceReport == 0
        condition.unlock()
        if empty { return false }
        writeQueued()
        return true
    }

    /// Takes every queued chunk and writes them in order, then the dropped-lines warning if any;
    /// gives the chunks back for reuse. Call with `writeLock` held.
    private func writeQueued() {
        condition.lock()
        let chunks = queue.takeAll()
        let droppedNow = droppedSinceReport
        droppedSinceReport = 0
        condition.unlock()
        for chunk in chunks { chunk.bytes.withBytes(writeAll) }
        if droppedNow > 0 {
            let warning = LogRecord(
                level: .warning, message: "log lines dropped: the log output is slower than the listener",
                metadata: [("dropped", String(droppedNow))], date: Date())
            var timestamps = TimestampCache()
            var line = LineBuffer()
            LogLineFormatter.append(warning, format: format, timestamps: &timestamps, to: &line)
            line.append(UInt8(ascii: "\n"))
            line.withBytes(writeAll)
        }
        condition.lock()
        queue.recycle(chunks)
        condition.unlock()
    }

    private func writeAll(_ buffer: UnsafeBufferPointer<UInt8>) {
        DescriptorOutput.writeAll(buffer, to: fd)
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
