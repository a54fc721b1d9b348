import Foundation
import Testing

@testable import TenkiCore

@Suite("ISO 8601 timestamps")
struct ISO8601TimestampTests {
    /// 2024-06-18T16:22:03Z, from the health fixture.
    static let reference = 1_718_727_723.0

    @Test(arguments: [
        ("2024-06-18T16:22:03Z", reference),
        ("2024-06-18T16:22:03.000Z", reference),
        ("2024-06-18T16:22:03.5Z", reference + 0.5),
        ("2024-06-18T16:22:03.1234567Z", reference + 0.1234567),
        ("2024-06-18T16:22:03+00:00", reference),
        ("2024-06-19T01:22:03+09:00", reference),
        ("2024-06-19T01:22:03+0900", reference),
        ("2024-06-18T11:22:03-05:00", reference),
        ("2024-06-18T16:22:03", reference),
        ("2024-06-18T16:22Z", reference - 3),
        ("1970-01-01T00:00:00Z", 0),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("2020-02-08T14:00:00Z", 1_581_170_400),
    ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(ISO8601Timestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(arguments: [
        "", "2024-06-18", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-06-18T24:00:00Z",
        "2024-06-18T16:22:03.Z", "2024-06-18T16:22:03Zjunk", "yesterday", "2024-6-18T16:22:03Z",
    ])
    func rejects(text: String) {
        #expect(ISO8601Timestamp.parse(text) == nil)
    }

    @Test func agreesWithFoundationsFormatter() throws {
        let formatter = ISO8601DateFormatter()
        for text in ["2020-02-08T11:23:10Z", "2024-11-02T18:16:52Z", "1999-12-31T23:59:59Z", "2038-01-19T03:14:08Z"] {
            #expect(ISO8601Timestamp.parse(text) == formatter.date(from: text))
        }
    }
}
