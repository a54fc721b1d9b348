import Foundation
import Testing
import TenkiCore  // SplitMix64, the seeded generator the other tests use
@testable import TenkiLogging

/// The two line formats, pinned byte for byte: literal lines for the usual cases, and the frozen
/// reference formatter for many generated records (quoting, escaping, Unicode line breaks, odd dates).
@Suite("LogLineFormatter")
struct LogLineFormatterTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000.123)

    static let request = LogRecord(
        level: .info, message: "request",
        metadata: [
            ("request_id", "r-00000001"), ("method", "POST"), ("route", "commands"), ("status", "200"),
            ("duration_ms", "0.42"), ("remote", "127.0.0.1:50412"),
        ],
        date: date)

    @Test("a request line in logfmt")
    func logfmtRequest() {
        #expect(LogLineFormatter.logfmt(Self.request) == """
            ts=2027-01-15T08:00:00.123Z level=info msg=request request_id=r-00000001 method=POST route=commands \
            status=200 duration_ms=0.42 remote=127.0.0.1:50412
            """)
    }

    @Test("a request line in JSON")
    func jsonRequest() {
        #expect(LogLineFormatter.json(Self.request) == """
            {"ts":"2027-01-15T08:00:00.123Z","level":"info","msg":"request","request_id":"r-00000001","method":"POST",\
            "route":"commands","status":"200","duration_ms":"0.42","remote":"127.0.0.1:50412"}
            """)
    }

    @Test("logfmt quotes empty values and values with a space, =, a quote or a line break, as JSON strings")
    func logfmtQuoting() {
        let record = LogRecord(
            level: .warning, message: "request rejected",
            metadata: [
                ("empty", ""), ("space", "a b"), ("equals", "a=b"), ("quote", "say \"hi\""), ("newline", "a\nb"),
                ("nel", "a\u{85}b"), ("ls", "a\u{2028}b"), ("plain", "東京/Đà-Nẵng"), ("backslash", "a\\b"),
                ("tab", "a\tb"), ("control", "a\u{01}b c"),
            ],
            date: Date(timeIntervalSince1970: 0))
        #expect(LogLineFormatter.logfmt(record) == #"""
            ts=1970-01-01T00:00:00.000Z level=warning msg="request rejected" empty="" space="a b" equals="a=b" \#
            quote="say \"hi\"" newline="a\nb" nel="a\u0085b" ls="a\#u{2028}b" plain=東京/Đà-Nẵng backslash=a\b \#
            tab="a\tb" control="a\u0001b c"
            """#)
    }

    @Test("JSON escapes quotes, backslashes and control characters, and copies the rest")
    func jsonEscaping() {
        let record = LogRecord(
            level: .error, message: "line\r\nbreak",
            metadata: [("k\"ey", "a\\b\t\u{1F}\u{7F}é🌧\u{2028}")], date: Date(timeIntervalSince1970: 0.0004))
        #expect(LogLineFormatter.json(record) == #"""
            {"ts":"1970-01-01T00:00:00.000Z","level":"error","msg":"line\r\nbreak","k\"ey":"a\\b\t\u001f\u007fé🌧\#u{2028}"}
            """#)
    }

    /// ESC and NUL from a `response_url`, a command or a user id: text to grep, no terminal control.
    @Test("control bytes (ESC, NUL, DEL, C1) are escaped as JSON does, in both formats")
    func controlBytesAreEscaped() {
        let record = LogRecord(
            level: .warning, message: "refused\u{1B}[2J",
            metadata: [("host", "ev\u{1B}[2kil\u{00}"), ("user", "U\u{7F}\u{9B}1")], date: Date(timeIntervalSince1970: 0))
        #expect(LogLineFormatter.logfmt(record) == #"""
            ts=1970-01-01T00:00:00.000Z level=warning msg="refused\u001b[2J" host="ev\u001b[2kil\u0000" user="U\u007f\u009b1"
            """#)
        #expect(LogLineFormatter.json(record) == #"""
            {"ts":"1970-01-01T00:00:00.000Z","level":"warning","msg":"refused\u001b[2J","host":"ev\u001b[2kil\u0000",\#
            "user":"U\u007f\u009b1"}
            """#)
        for line in [LogLineFormatter.logfmt(record), LogLineFormatter.json(record)] {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("timestamps round to the nearest millisecond, into the next second, day and year when they must")
    func timestampRounding() {
        #expect(LogLineFormatter.timestamp(Date(timeIntervalSince1970: 1_800_000_000.9995)) == "2027-01-15T08:00:01.000Z")
        #expect(LogLineFormatter.timestamp(Date(timeIntervalSince1970: 1_798_761_599.9996)) == "2027-01-01T00:00:00.000Z")
        #expect(LogLineFormatter.timestamp(Date(timeIntervalSince1970: 1_798_761_599.9994)) == "2026-12-31T23:59:59.999Z")
        #expect(LogLineFormatter.timestamp(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(LogLineFormatter.timestamp(Date(timeIntervalSince1970: 253_402_300_800.007)) == "10000-01-01T00:00:00.007Z")
    }

    @Test("quoting finds each character that needs it at every position, across the eight-byte words it scans")
    func quotingAtEveryPosition() {
        let triggers = [
            " ", "=", "\"", "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{00}", "\u{01}", "\t",
            "\u{0E}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{84}", "\u{86}", "\u{9F}",
        ]
        let harmless = ["!", "<", ">", "\u{A0}", "\u{2027}", "\u{202A}", "é", "東", "\u{100}"]
        for length in 1...20 {
            for position in 0..<length {
                for piece in triggers + harmless {
                    let value =
                        String(repeating: "a", count: position) + piece + String(repeating: "b", count: length - position - 1)
                    #expect(
                        LogLineFormatter.quoteIfNeeded(value) == ReferenceFormatter.quoteIfNeeded(value),
                        "\(piece.unicodeScalars.map { String($0.value, radix: 16) }) at \(position) of \(length)")
                }
            }
        }
        #expect(LogLineFormatter.quoteIfNeeded("") == "\"\"")
    }

    @Test("many generated records format exactly as the reference formatter does", arguments: [1, 2, 3, 4])
    func matchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let record = Self.randomRecord(&random)
            #expect(LogLineFormatter.logfmt(record) == ReferenceFormatter.logfmt(record))
            #expect(LogLineFormatter.json(record) == ReferenceFormatter.json(record))
        }
    }

    /// Pieces that exercise every branch of quoting and escaping, ASCII and not.
    static let pieces = [
        "a", "Z", "0", "route", " ", "=", "\"", "\\", "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}",
        "é", "e\u{301}", "東京", "Đà Nẵng", "🌧", "\u{80}", "\u{84}", "\u{85}", "\u{86}", "\u{A0}", "\u{2027}", "\u{2028}",
        "\u{2029}", "\u{202A}", "\u{E000}", "/", ":", ".",
    ]

    static func randomString(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func randomRecord(_ random: inout SplitMix64) -> LogRecord {
        let seconds: Double =
            switch Int.random(in: 0..<10, using: &random) {
            case 0: -Double.random(in: 0..<100_000, using: &random)
            case 1: Double(Int.random(in: 0..<4_000_000_000, using: &random)) + 0.9995
            default: Double.random(in: 0..<4_000_000_000, using: &random)
            }
        let metadata = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            (key: randomString(&random), value: randomString(&random))
        }
        return LogRecord(
            level: LogLevel.allCases.randomElement(using: &random)!, message: randomString(&random), metadata: metadata,
            date: Date(timeIntervalSince1970: seconds))
    }
}
