import Foundation
import Testing

@testable import TenkiCore

@Suite("CronSchedule next fire")
struct CronNextFireTests {
    /// A schedule, a zone and a start; `expected` are the next fire times in order, each strictly
    /// after the one before (chained through `nextFire(after:in:)`).
    struct Row: Sendable, CustomStringConvertible {
        var expression: String
        var zone = "UTC"
        var after: String
        var expected: [String]
        var description: String { "\(expression) in \(zone) after \(after)" }
    }

    static let rows: [Row] = [
        // The default schedule across a weekend: Friday's run is not repeated, Monday's comes next.
        Row(expression: "30 7 * * 1-5", after: "2026-11-27T07:30:00Z",
            expected: ["2026-11-30T07:30:00Z", "2026-12-01T07:30:00Z"]),
        Row(expression: "30 7 * * 1-5", after: "2026-11-27T07:29:59Z",
            expected: ["2026-11-27T07:30:00Z", "2026-11-30T07:30:00Z"]),
        Row(expression: "30 7 * * 1-5", zone: "Europe/Berlin", after: "2026-11-27T06:30:00Z",
            expected: ["2026-11-30T06:30:00Z"]),
        Row(expression: "30 7 * * 1-5", zone: "Asia/Tokyo", after: "2026-11-27T12:00:00Z",
            expected: ["2026-11-29T22:30:00Z", "2026-11-30T22:30:00Z"]),
        Row(expression: "0 9 * * MON-FRI", after: "2026-11-28T12:00:00Z",
            expected: ["2026-11-30T09:00:00Z", "2026-12-01T09:00:00Z"]),
        // Lists, steps and ranges.
        Row(expression: "*/15 * * * *", after: "2026-01-01T00:07:30Z",
            expected: ["2026-01-01T00:15:00Z", "2026-01-01T00:30:00Z", "2026-01-01T00:45:00Z", "2026-01-01T01:00:00Z"]),
        Row(expression: "0 8-10/2,17 * * *", after: "2026-01-01T00:00:00Z",
            expected: ["2026-01-01T08:00:00Z", "2026-01-01T10:00:00Z", "2026-01-01T17:00:00Z", "2026-01-02T08:00:00Z"]),
        Row(expression: "5/20 * * * *", after: "2026-01-01T00:00:00Z",
            expected: ["2026-01-01T00:05:00Z", "2026-01-01T00:25:00Z", "2026-01-01T00:45:00Z", "2026-01-01T01:05:00Z"]),
        Row(expression: "0 0 1 */3 *", after: "2026-01-01T00:00:00Z",
            expected: ["2026-04-01T00:00:00Z", "2026-07-01T00:00:00Z", "2026-10-01T00:00:00Z", "2027-01-01T00:00:00Z"]),
        Row(expression: "59 23 31 12 *", after: "2026-06-01T00:00:00Z", expected: ["2026-12-31T23:59:00Z"]),
        // Month ends: the 31st skips 30-day months and February.
        Row(expression: "0 0 31 * *", after: "2026-01-31T00:00:00Z",
            expected: ["2026-03-31T00:00:00Z", "2026-05-31T00:00:00Z", "2026-07-31T00:00:00Z", "2026-08-31T00:00:00Z"]),
        // Leap days: the next 29 February after 2026 is in 2028, then 2032.
        Row(expression: "0 12 29 2 *", after: "2026-01-01T00:00:00Z",
            expected: ["2028-02-29T12:00:00Z", "2032-02-29T12:00:00Z"]),
        Row(expression: "0 12 29 2 *", after: "2096-03-01T00:00:00Z", expected: ["2104-02-29T12:00:00Z"]),
        // 29 February that is also a Sunday (star in day-of-week: both must match).
        Row(expression: "0 0 29 2 */7", after: "2026-01-01T00:00:00Z", expected: ["2032-02-29T00:00:00Z"]),
        // Vixie's OR rule: both day fields restricted, so every 13th AND every Friday.
        Row(expression: "0 0 13 * FRI", after: "2026-03-14T00:00:00Z",
            expected: ["2026-03-20T00:00:00Z", "2026-03-27T00:00:00Z", "2026-04-03T00:00:00Z", "2026-04-10T00:00:00Z",
                "2026-04-13T00:00:00Z", "2026-04-17T00:00:00Z"]),
        Row(expression: "0 0 * * FRI", after: "2026-04-01T00:00:00Z",
            expected: ["2026-04-03T00:00:00Z", "2026-04-10T00:00:00Z", "2026-04-17T00:00:00Z", "2026-04-24T00:00:00Z"]),
        Row(expression: "0 0 13 * *", after: "2026-04-01T00:00:00Z",
            expected: ["2026-04-13T00:00:00Z", "2026-05-13T00:00:00Z", "2026-06-13T00:00:00Z"]),
        // `*/2` starts with `*`, so the OR rule does not apply: odd days that are Fridays.
        Row(expression: "0 0 */2 * FRI", after: "2026-04-01T00:00:00Z",
            expected: ["2026-04-03T00:00:00Z", "2026-04-17T00:00:00Z", "2026-05-01T00:00:00Z"]),
        // Sunday as 0, 7 and SUN.
        Row(expression: "0 0 * * 0", after: "2026-11-27T00:00:00Z",
            expected: ["2026-11-29T00:00:00Z", "2026-12-06T00:00:00Z"]),
        Row(expression: "0 0 * * 7", after: "2026-11-27T00:00:00Z",
            expected: ["2026-11-29T00:00:00Z", "2026-12-06T00:00:00Z"]),
        Row(expression: "0 0 * * 6-7", after: "2026-11-27T00:00:00Z",
            expected: ["2026-11-28T00:00:00Z", "2026-11-29T00:00:00Z", "2026-12-05T00:00:00Z"]),
        // Macros.
        Row(expression: "@yearly", after: "2026-06-01T00:00:00Z", expected: ["2027-01-01T00:00:00Z"]),
        Row(expression: "@monthly", after: "2026-01-31T12:00:00Z", expected: ["2026-02-01T00:00:00Z"]),
        Row(expression: "@weekly", after: "2026-11-27T00:00:00Z", expected: ["2026-11-29T00:00:00Z"]),
        Row(expression: "@hourly", after: "2026-11-27T23:00:00Z", expected: ["2026-11-28T00:00:00Z"]),
        // Half-hour and 45-minute offsets.
        Row(expression: "30 7 * * *", zone: "Asia/Kolkata", after: "2026-06-01T00:00:00Z",
            expected: ["2026-06-01T02:00:00Z", "2026-06-02T02:00:00Z"]),
        Row(expression: "30 7 * * *", zone: "Asia/Kathmandu", after: "2026-06-01T00:00:00Z",
            expected: ["2026-06-01T01:45:00Z", "2026-06-02T01:45:00Z"]),
        Row(expression: "@hourly", zone: "Asia/Kathmandu", after: "2026-06-01T00:00:00Z",
            expected: ["2026-06-01T00:15:00Z", "2026-06-01T01:15:00Z"]),
        // A local day that is not the UTC day: Monday 07:30 in Kolkata is Monday 02:00Z.
        Row(expression: "30 7 * * 1", zone: "Asia/Kolkata", after: "2026-11-29T12:00:00Z",
            expected: ["2026-11-30T02:00:00Z"]),
        Row(expression: "30 7 * * 1", zone: "America/Los_Angeles", after: "2026-11-29T12:00:00Z",
            expected: ["2026-11-30T15:30:00Z"]),
    ]

    @Test(arguments: rows)
    func nextFires(row: Row) throws {
        let schedule = try CronSchedule(parsing: row.expression)
        let zone = try CronTestSupport.zone(row.zone)
        let start = try CronTestSupport.utc(row.after)
        #expect(CronTestSupport.fires(schedule, after: start, in: zone, count: row.expected.count) == row.expected)
    }

    @Test func subSecondStartIsStrictlyAfter() throws {
        let schedule = try CronSchedule(parsing: "30 7 * * *")
        let zone = try CronTestSupport.zone("UTC")
        let justAfter = try CronTestSupport.utc("2026-11-30T07:30:00.250Z")
        #expect(CronTestSupport.iso(schedule.nextFire(after: justAfter, in: zone)) == "2026-12-01T07:30:00Z")
        let justBefore = try CronTestSupport.utc("2026-11-30T07:29:59.750Z")
        #expect(CronTestSupport.iso(schedule.nextFire(after: justBefore, in: zone)) == "2026-11-30T07:30:00Z")
    }

    @Test func absurdInstantsGiveNil() throws {
        let schedule = try CronSchedule(parsing: "* * * * *")
        let zone = try CronTestSupport.zone("UTC")
        #expect(schedule.nextFire(after: Date(timeIntervalSince1970: .infinity), in: zone) == nil)
        #expect(schedule.latestFire(atOrBefore: Date(timeIntervalSince1970: .nan), in: zone) == nil)
    }
}
