import Foundation
import Testing

@testable import TenkiCore

/// `latestFire(atOrBefore:)` is the digest's slot rule: `tenki digest` posts the slot
/// `latestFire(atOrBefore: now + 5 min)`, so a timer that starts a little early still finds it.
@Suite("CronSchedule latest fire")
struct CronLatestFireTests {
    struct Row: Sendable, CustomStringConvertible {
        var expression: String
        var zone = "UTC"
        var atOrBefore: String
        var expected: String
        var description: String { "\(expression) in \(zone) at or before \(atOrBefore)" }
    }

    static let rows: [Row] = [
        Row(expression: "30 7 * * 1-5", atOrBefore: "2026-11-30T07:30:00Z", expected: "2026-11-30T07:30:00Z"),
        Row(expression: "30 7 * * 1-5", atOrBefore: "2026-11-30T07:30:00.500Z", expected: "2026-11-30T07:30:00Z"),
        Row(expression: "30 7 * * 1-5", atOrBefore: "2026-11-30T07:29:59Z", expected: "2026-11-27T07:30:00Z"),
        // The slot rule: a timer at 07:26 looks at 07:31 and finds Monday's 07:30 slot.
        Row(expression: "30 7 * * 1-5", atOrBefore: "2026-11-30T07:31:00Z", expected: "2026-11-30T07:30:00Z"),
        Row(expression: "30 7 * * 1-5", atOrBefore: "2026-11-29T12:00:00Z", expected: "2026-11-27T07:30:00Z"),
        Row(expression: "30 7 * * 1-5", zone: "Europe/Berlin", atOrBefore: "2026-11-30T06:30:00Z",
            expected: "2026-11-30T06:30:00Z"),
        Row(expression: "30 7 * * 1-5", zone: "Europe/Berlin", atOrBefore: "2026-11-30T06:29:59Z",
            expected: "2026-11-27T06:30:00Z"),
        Row(expression: "30 7 * * *", zone: "Asia/Kathmandu", atOrBefore: "2026-06-01T01:45:00Z",
            expected: "2026-06-01T01:45:00Z"),
        Row(expression: "30 7 * * *", zone: "Asia/Kathmandu", atOrBefore: "2026-06-01T01:44:59Z",
            expected: "2026-05-31T01:45:00Z"),
        Row(expression: "30 7 * * *", zone: "Asia/Kolkata", atOrBefore: "2026-06-01T01:59:59Z",
            expected: "2026-05-31T02:00:00Z"),
        Row(expression: "*/15 * * * *", atOrBefore: "2026-01-01T00:14:59Z", expected: "2026-01-01T00:00:00Z"),
        Row(expression: "0 0 31 * *", atOrBefore: "2026-05-01T00:00:00Z", expected: "2026-03-31T00:00:00Z"),
        Row(expression: "0 12 29 2 *", atOrBefore: "2027-06-01T00:00:00Z", expected: "2024-02-29T12:00:00Z"),
        Row(expression: "0 0 13 * FRI", atOrBefore: "2026-04-16T00:00:00Z", expected: "2026-04-13T00:00:00Z"),
        Row(expression: "@yearly", atOrBefore: "2026-12-31T23:59:59Z", expected: "2026-01-01T00:00:00Z"),
        // DST: the skipped 02:30 ran at 03:00 EDT (07:00Z); just before that, the previous day's.
        Row(expression: "30 2 * * *", zone: "America/New_York", atOrBefore: "2025-03-09T07:00:00Z",
            expected: "2025-03-09T07:00:00Z"),
        Row(expression: "30 2 * * *", zone: "America/New_York", atOrBefore: "2025-03-09T06:59:59Z",
            expected: "2025-03-08T07:30:00Z"),
        // DST: during the repeated hour's second pass, the slot is still the first 01:30 (EDT).
        Row(expression: "30 1 * * *", zone: "America/New_York", atOrBefore: "2025-11-02T06:45:00Z",
            expected: "2025-11-02T05:30:00Z"),
        // A wildcard schedule follows real time through the repeated hour.
        Row(expression: "*/30 * * * *", zone: "America/New_York", atOrBefore: "2025-11-02T06:10:00Z",
            expected: "2025-11-02T06:00:00Z"),
        Row(expression: "30 2 * * *", zone: "Europe/Berlin", atOrBefore: "2025-10-26T01:29:59Z",
            expected: "2025-10-26T00:30:00Z"),
    ]

    @Test(arguments: rows)
    func latestFire(row: Row) throws {
        let schedule = try CronSchedule(parsing: row.expression)
        let zone = try CronTestSupport.zone(row.zone)
        let limit = try CronTestSupport.utc(row.atOrBefore)
        #expect(CronTestSupport.iso(schedule.latestFire(atOrBefore: limit, in: zone)) == row.expected)
    }
}
