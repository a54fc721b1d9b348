import Foundation
import Testing

@testable import TenkiCore

/// Daylight saving, where digest bots fail. Fixed-time schedules run once when their local time
/// is skipped (at the first instant after the gap) or repeated (at the first occurrence);
/// wildcard schedules follow real elapsed time. See `CronSchedule+Search.swift`.
@Suite("CronSchedule daylight saving")
struct CronDSTTests {
    /// Every fire in `[from, to)`.
    struct Row: Sendable, CustomStringConvertible {
        var expression: String
        var zone: String
        var from: String
        var to: String
        var expected: [String]
        var description: String { "\(expression) in \(zone) from \(from)" }
    }

    static let rows: [Row] = [
        // New York, 2025-03-09: 02:00 EST becomes 03:00 EDT. 02:30 is skipped and runs once at
        // 03:00 EDT (07:00Z); the neighbouring days run at 02:30 EST (07:30Z) and 02:30 EDT (06:30Z).
        Row(expression: "30 2 * * *", zone: "America/New_York", from: "2025-03-08T00:00:00Z", to: "2025-03-11T00:00:00Z",
            expected: ["2025-03-08T07:30:00Z", "2025-03-09T07:00:00Z", "2025-03-10T06:30:00Z"]),
        // Several skipped times and 03:00 itself collapse into one run; 03:30 EDT stays.
        Row(expression: "0,30 2,3 * * *", zone: "America/New_York", from: "2025-03-09T05:00:00Z", to: "2025-03-10T04:00:00Z",
            expected: ["2025-03-09T07:00:00Z", "2025-03-09T07:30:00Z"]),
        // New York, 2025-11-02: 02:00 EDT becomes 01:00 EST. 01:30 runs once, at 01:30 EDT (05:30Z).
        Row(expression: "30 1 * * *", zone: "America/New_York", from: "2025-11-01T00:00:00Z", to: "2025-11-04T00:00:00Z",
            expected: ["2025-11-01T05:30:00Z", "2025-11-02T05:30:00Z", "2025-11-03T06:30:00Z"]),
        Row(expression: "0,30 1 * * *", zone: "America/New_York", from: "2025-11-02T04:00:00Z", to: "2025-11-03T04:00:00Z",
            expected: ["2025-11-02T05:00:00Z", "2025-11-02T05:30:00Z"]),
        // Berlin, 2025-03-30: 02:00 CET becomes 03:00 CEST; 02:30 runs at 03:00 CEST (01:00Z).
        Row(expression: "30 2 * * *", zone: "Europe/Berlin", from: "2025-03-29T00:00:00Z", to: "2025-04-01T00:00:00Z",
            expected: ["2025-03-29T01:30:00Z", "2025-03-30T01:00:00Z", "2025-03-31T00:30:00Z"]),
        // Berlin, 2025-10-26: 03:00 CEST becomes 02:00 CET; 02:30 runs once, at 02:30 CEST (00:30Z).
        Row(expression: "30 2 * * *", zone: "Europe/Berlin", from: "2025-10-25T00:00:00Z", to: "2025-10-28T00:00:00Z",
            expected: ["2025-10-25T00:30:00Z", "2025-10-26T00:30:00Z", "2025-10-27T01:30:00Z"]),
        // The default schedule is unaffected on the transition Monday after Berlin's spring change.
        Row(expression: "30 7 * * 1-5", zone: "Europe/Berlin", from: "2025-03-28T00:00:00Z", to: "2025-04-01T00:00:00Z",
            expected: ["2025-03-28T06:30:00Z", "2025-03-31T05:30:00Z"]),
        // Wildcard schedules follow real time: every 30 minutes through the repeated hour...
        Row(expression: "*/30 * * * *", zone: "America/New_York", from: "2025-11-02T04:50:00Z", to: "2025-11-02T07:01:00Z",
            expected: ["2025-11-02T05:00:00Z", "2025-11-02T05:30:00Z", "2025-11-02T06:00:00Z", "2025-11-02T06:30:00Z",
                "2025-11-02T07:00:00Z"]),
        // ...and straight across the gap, where 02:xx does not exist.
        Row(expression: "*/30 * * * *", zone: "America/New_York", from: "2025-03-09T06:20:00Z", to: "2025-03-09T07:31:00Z",
            expected: ["2025-03-09T06:30:00Z", "2025-03-09T07:00:00Z", "2025-03-09T07:30:00Z"]),
        Row(expression: "@hourly", zone: "America/New_York", from: "2025-11-02T04:30:00Z", to: "2025-11-02T07:30:00Z",
            expected: ["2025-11-02T05:00:00Z", "2025-11-02T06:00:00Z", "2025-11-02T07:00:00Z"]),
        Row(expression: "15 * * * *", zone: "America/New_York", from: "2025-03-09T06:00:00Z", to: "2025-03-09T08:00:00Z",
            expected: ["2025-03-09T06:15:00Z", "2025-03-09T07:15:00Z"]),
        // Minute starts with `*`: a wildcard schedule (Vixie's rule), so nothing on the gap day.
        Row(expression: "*/10 2 * * *", zone: "America/New_York", from: "2025-03-09T05:00:00Z", to: "2025-03-10T07:00:00Z",
            expected: ["2025-03-10T06:00:00Z", "2025-03-10T06:10:00Z", "2025-03-10T06:20:00Z", "2025-03-10T06:30:00Z",
                "2025-03-10T06:40:00Z", "2025-03-10T06:50:00Z"]),
        // Lord Howe moves by 30 minutes (02:00 +10:30 becomes 02:30 +11): 02:00 runs at 02:30.
        Row(expression: "0 2 * * *", zone: "Australia/Lord_Howe", from: "2025-10-03T00:00:00Z", to: "2025-10-06T00:00:00Z",
            expected: ["2025-10-03T15:30:00Z", "2025-10-04T15:30:00Z", "2025-10-05T15:00:00Z"]),
        // Santiago falls back at midnight (00:00 -03 becomes 23:00 -04 the day before): the repeated
        // 23:30 runs once, at its first occurrence.
        Row(expression: "30 23 * * *", zone: "America/Santiago", from: "2025-04-05T00:00:00Z", to: "2025-04-08T00:00:00Z",
            expected: ["2025-04-05T02:30:00Z", "2025-04-06T02:30:00Z", "2025-04-07T03:30:00Z"]),
        // Santiago springs forward at midnight (00:00 -04 becomes 01:00 -03): the day has no
        // midnight, so `@daily` runs at 01:00 -03, the first instant of the day.
        Row(expression: "@daily", zone: "America/Santiago", from: "2025-09-06T00:00:00Z", to: "2025-09-09T00:00:00Z",
            expected: ["2025-09-06T04:00:00Z", "2025-09-07T04:00:00Z", "2025-09-08T03:00:00Z"]),
        Row(expression: "*/30 * * * *", zone: "America/Santiago", from: "2025-04-06T02:00:00Z", to: "2025-04-06T04:01:00Z",
            expected: ["2025-04-06T02:00:00Z", "2025-04-06T02:30:00Z", "2025-04-06T03:00:00Z", "2025-04-06T03:30:00Z",
                "2025-04-06T04:00:00Z"]),
        // Samoa skipped all of 2011-12-30: its noon runs once, at the first instant after the gap.
        Row(expression: "0 12 * * *", zone: "Pacific/Apia", from: "2011-12-29T00:00:00Z", to: "2011-12-31T00:00:00Z",
            expected: ["2011-12-29T22:00:00Z", "2011-12-30T10:00:00Z", "2011-12-30T22:00:00Z"]),
    ]

    @Test(arguments: rows)
    func firesAroundTransitions(row: Row) throws {
        let schedule = try CronSchedule(parsing: row.expression)
        let zone = try CronTestSupport.zone(row.zone)
        let from = try CronTestSupport.utc(row.from)
        let to = try CronTestSupport.utc(row.to)
        #expect(CronTestSupport.fires(schedule, from: from, to: to, in: zone) == row.expected)
    }

    /// Walking backwards finds the same fires as walking forwards.
    @Test(arguments: rows)
    func latestFireAgreesBackwards(row: Row) throws {
        let schedule = try CronSchedule(parsing: row.expression)
        let zone = try CronTestSupport.zone(row.zone)
        let from = try CronTestSupport.utc(row.from)
        var current = try CronTestSupport.utc(row.to).addingTimeInterval(-1)
        var backwards: [String] = []
        while let fire = schedule.latestFire(atOrBefore: current, in: zone), fire >= from {
            backwards.append(CronTestSupport.iso(fire))
            current = fire.addingTimeInterval(-1)
        }
        #expect(backwards.reversed() == row.expected)
    }
}
