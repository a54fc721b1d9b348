import Foundation
import TenkiLogging
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The listener's log sink: same lines, written in batches off the caller's thread, bounded, never silent about drops.
@Suite("BufferedLogSink")
struct BufferedLogSinkTests {
    func record(_ level: LogLevel, _ message: String, _ metadata: [(key: String, value: String)] = []) -> LogRecord {
        LogRecord(level: level, message: message, metadata: metadata, date: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("lines come out in order, formatted exactly as StandardErrorLogSink formats them")
    func orderAndFormat() async throws {
        let pipe = TestPipe()
        let sink = BufferedLogSink(fileDescriptor: pipe.writeFD)
        let records = (0..<100).map { record(.info, "request", [("n", String($0)), ("route", "commands")]) }
        for record in records { sink.write(record) }
        sink.flush()
        let expected = records.map { LogLineFormatter.logfmt($0) + "\n" }.joined()
        #expect(pipe.readAvailable() == expected)
    }

    @Test("the background thread writes info lines without a flush")
    func backgroundWrites() async throws {
        let pipe = TestPipe()
        let sink = BufferedLogSink(format: .json, fileDescriptor: pipe.writeFD)
        sink.write(record(.info, "hello"))
        var seen = ""
        for _ in 0..<500 where seen.isEmpty {
            try await Task.sleep(for: .milliseconds(2))
            seen = pipe.readAvailable()
        }
        #expect(seen == LogLineFormatter.json(record(.info, "hello")) + "\n")
        #if os(Linux)
        // The thread that wrote it is named where `top -H` and perf look (the kernel's comm).
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        #expect(names.contains("tenki-log\n"))
        #endif
    }

    @Test("notice and above are written before write returns, after what was queued before them")
    func noticeFlushes() {
        let pipe = TestPipe()
        let sink = BufferedLogSink(fileDescriptor: pipe.writeFD, flushInterval: .seconds(60))
        sink.write(record(.info, "first"))
        sink.write(record(.notice, "stopped"))
        let text = pipe.readAvailable()
        #expect(text.contains("msg=first"))
        #expect(text.contains("msg=stopped"))
        #expect(text.range(of: "msg=first")!.lowerBound < text.range(of: "msg=stopped")!.lowerBound)
    }

    @Test("when the queue is full, lines are dropped, counted, and reported by a warning line")
    func dropsAreCounted() {
        let pipe = TestPipe()
        let sink = BufferedLogSink(fileDescriptor: pipe.writeFD, capacity: 4096, flushInterval: .seconds(60))
        let line = record(.info, "request", [("padding", String(repeating: "x", count: 100))])
        // The background thread may take a batch while we write; without it ~35 fit. Write far more.
        for _ in 0..<1000 { sink.write(line) }
        #expect(sink.droppedLines > 0)
        sink.flush()
        let text = pipe.readAvailable()
        #expect(text.contains("level=warning msg=\"log lines dropped: the log output is slower than the listener\" dropped="))
        let written = text.split(separator: "\n").filter { $0.contains("msg=request") }.count
        #expect(UInt64(written) + sink.droppedLines == 1000)
    }
}
