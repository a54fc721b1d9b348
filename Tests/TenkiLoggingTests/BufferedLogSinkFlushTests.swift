import Foundation
import Synchronization
import Testing
@testable import TenkiLogging

#if canImport(Glibc)
import Glibc
#endif

/// The buffered sink's fast path and its background thread: lines formatted in the queue are the
/// reference lines; the thread is signalled once per idle spell, never per line.
@Suite("BufferedLogSink batching")
struct BufferedLogSinkFlushTests {
    /// Hands out the given dates in turn, then the last one again.
    final class ScriptedClock: Sendable {
        let dates: Mutex<[Date]>
        init(_ dates: [Date]) { self.dates = Mutex(dates) }
        func next() -> Date { dates.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
    }

    @Test(
        "request lines written through the fast path are the reference lines, across seconds",
        arguments: LogLineFormatter.Format.allCases)
    func fastPathLines(format: LogLineFormatter.Format) {
        let pipe = TestPipe()
        let dates = [1_800_000_000.998, 1_800_000_000.9996, 1_800_000_001.001, 1_799_999_999.5, 1_800_000_003.25]
            .map { Date(timeIntervalSince1970: $0) }
        let clock = ScriptedClock(dates)
        let sink = BufferedLogSink(
            format: format, fileDescriptor: pipe.writeFD, capacity: 1 << 20, flushInterval: .seconds(60), now: { clock.next() })
        let logger = Logger(sink: sink).with("component", "listener")
        var expected = ""
        for (index, date) in dates.enumerated() {
            logger.log(.info, "request") { line in
                line.add("request_id", "r-\(index)")
                line.add("method", "POST")
                line.add("status", 200 + index)
                line.add("duration_ms", twoDecimals: 0.25 * Double(index))
                line.add("remote", index == 0 ? "" : "127.0.0.1:5041\(index)")
            }
            let record = LogRecord(
                level: .info, message: "request",
                metadata: [
                    ("component", "listener"), ("request_id", "r-\(index)"), ("method", "POST"), ("status", String(200 + index)),
                    ("duration_ms", ReferenceFormatter.twoDecimals(0.25 * Double(index))),
                    ("remote", index == 0 ? "" : "127.0.0.1:5041\(index)"),
                ],
                date: date)
            expected += (format == .json ? ReferenceFormatter.json(record) : ReferenceFormatter.logfmt(record)) + "\n"
        }
        sink.flush()
        #expect(pipe.readAvailable() == expected)
    }

    @Test("a thousand lines signal the background thread at most once")
    func noSignalPerLine() {
        let pipe = TestPipe()
        let sink = BufferedLogSink(fileDescriptor: pipe.writeFD, flushInterval: .seconds(60))
        let logger = Logger(sink: sink)
        for index in 0..<1000 {
            logger.log(.info, "request") { $0.add("n", index) }
        }
        // Once if the thread was already waiting for the first line, none if it had not started yet.
        #expect(sink.wakeSignals <= 1)
        sink.flush()
        #expect(pipe.readAvailable().split(separator: "\n").count == 1000)
    }

    @Test("after an idle spell the next line wakes the background thread again")
    func idleThenWoken() async throws {
        let pipe = TestPipe()
        let sink = BufferedLogSink(fileDescriptor: pipe.writeFD, flushInterval: .milliseconds(1))
        let logger = Logger(sink: sink)
        logger.log(.info, "first") { $0.add("n", 1) }
        let first = try await pipe.poll { $0.contains("msg=first") }
        #expect(first.hasSuffix("msg=first n=1\n"))
        // Wait until the thread has found nothing more and gone idle, then log again: no flush().
        for _ in 0..<1000 where !sink.isFlusherIdle { try await Task.sleep(for: .milliseconds(5)) }
        #expect(sink.isFlusherIdle)
        logger.info("second")
        let second = try await pipe.poll { $0.contains("msg=second") }
        #expect(second.hasSuffix("msg=second\n"))
        #expect(sink.wakeSignals >= 1)
    }

    @Test("the fast path drops what does not fit, counts it, and reports it")
    func fastPathDrops() {
        let pipe = TestPipe()
        let sink = BufferedLogSink(fileDescriptor: pipe.writeFD, capacity: 4096, flushInterval: .seconds(60))
        let logger = Logger(sink: sink)
        for index in 0..<1000 {
            logger.log(.info, "request") { $0.add("padding", String(repeating: "x", count: 100 + index % 3)) }
        }
        #expect(sink.droppedLines > 0)
        sink.flush()
        let text = pipe.readAvailable()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        // Every line whole: no dropped line left a partial one behind.
        let requests = lines.filter { $0.contains("msg=request") }
        #expect(requests.allSatisfy { $0.hasSuffix("x") && $0.hasPrefix("ts=") })
        #expect(UInt64(requests.count) + sink.droppedLines == 1000)
        #expect(text.contains("level=warning msg=\"log lines dropped: the log output is slower than the listener\" dropped="))
    }
}
