import Foundation
import Synchronization
import Testing
import TenkiCore  // SplitMix64, the seeded generator the other tests use
@testable import TenkiLogging

/// `Logger.log(_:_:fields:)`: the same record, and the same line, as `log(_:_:_:)` with the values
/// as strings, whichever sink receives it.
@Suite("LogFields")
struct LogFieldsTests {
    final class RecordingSink: LogSink {
        let records = Mutex<[LogRecord]>([])
        func write(_ record: LogRecord) { records.withLock { $0.append(record) } }
    }

    static let durations: [Double] = [
        0, 0.004, 0.005, 0.0051, 0.015, 0.125, 0.42, 1.005, 9.995, 12.3456, 999.999, 1e11, 999_999_999_999.99, 1e12, 3e15,
        -0.0, -1.5, .nan, .infinity, -.infinity,
    ]

    @Test("a sink without a fast path receives the record log(_:_:_:) would have given it")
    func collectedRecord() {
        let sink = RecordingSink()
        let logger = Logger(sink: sink).with("component", "listener")
        for (index, duration) in Self.durations.enumerated() {
            let status = [200, -7, 0, Int.max, Int.min][index % 5]
            logger.log(.info, "request") { line in
                line.add("route", "commands")
                line.add("status", status)
                line.add("duration_ms", twoDecimals: duration)
            }
            logger.info(
                "request",
                [("route", "commands"), ("status", String(status)), ("duration_ms", ReferenceFormatter.twoDecimals(duration))])
        }
        let records = sink.records.withLock { $0 }
        #expect(records.count == 2 * Self.durations.count)
        for pair in stride(from: 0, to: records.count, by: 2) {
            let (fast, slow) = (records[pair], records[pair + 1])
            #expect(fast.level == slow.level)
            #expect(fast.message == slow.message)
            #expect(fast.metadata.map(\.key) == slow.metadata.map(\.key))
            #expect(fast.metadata.map(\.value) == slow.metadata.map(\.value))
        }
    }

    @Test("twoDecimals is the router's duration format, %.2f but for ties after scaling", arguments: durations)
    func twoDecimals(value: Double) {
        #expect(LogLineFormatter.twoDecimals(value) == ReferenceFormatter.twoDecimals(value))
    }

    @Test("twoDecimals of 0.015 rounds the scaled value, 1.5, to even")
    func twoDecimalsTie() {
        #expect(LogLineFormatter.twoDecimals(0.015) == "0.02")
        #expect(String(format: "%.2f", 0.015) == "0.01")
    }

    @Test(
        "fields formatted straight into a line give the line of the collected record",
        arguments: LogLineFormatter.Format.allCases)
    func formattedLine(format: LogLineFormatter.Format) {
        var random = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let strings = (0..<3).map { _ in LogLineFormatterTests.randomString(&random) }
            let number = Int.random(in: -100_000...100_000, using: &random)
            let duration = Self.durations.randomElement(using: &random)!
            let metadata = [(key: "request_id", value: strings[0])]
            let add = { (line: inout LogFields) in
                line.add(strings[1], strings[2])
                line.add("status", number)
                line.add("duration_ms", twoDecimals: duration)
            }
            var collected = LogFields(collectingAfter: metadata)
            add(&collected)
            let record = LogRecord(
                level: .notice, message: strings[1], metadata: collected.collected, date: Date(timeIntervalSince1970: 1e9))
            var timestamps = TimestampCache()
            var line = LogFields(format: format, bytes: LineBuffer())
            LogLineFormatter.appendHead(
                format: format, millis: 1_000_000_000_000, level: .notice, message: strings[1], timestamps: &timestamps,
                to: &line.bytes)
            for (key, value) in metadata { line.add(key, value) }
            add(&line)
            LogLineFormatter.appendEnd(format: format, to: &line.bytes)
            let expected = format == .json ? ReferenceFormatter.json(record) : ReferenceFormatter.logfmt(record)
            #expect(String(decoding: line.bytes.bytes, as: UTF8.self) == expected)
        }
    }
}
