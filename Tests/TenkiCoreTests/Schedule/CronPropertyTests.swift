import Foundation
import Testing

@testable import TenkiCore

/// Consistency between `nextFire` and `latestFire`, and agreement with a minute-by-minute oracle,
/// over seeded random schedules, zones and instants (a third of them close to a DST transition).
@Suite("CronSchedule properties")
struct CronPropertyTests {
    static let minutes = ["*", "*/15", "0", "30", "5,35", "0-10/5", "45", "*/7", "59"]
    static let hours = ["*", "*/3", "7", "0-6", "22", "9-17/2", "1,2,3", "2", "1", "23"]
    static let days = ["*", "1", "13", "*/2", "15-20", "31", "29", "1-7", "30"]
    static let months = ["*", "*/2", "1-6", "2", "JAN,MAR,DEC", "11", "3,10"]
    static let weekdays = ["*", "1-5", "MON-FRI", "0", "7", "SAT,SUN", "5", "*/2"]
    static let zones = [
        "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
        "America/Santiago", "Pacific/Chatham", "Europe/London",
    ]
    /// Zones whose offset never changed in the sampled years: the oracle holds for every schedule.
    static let fixedOffsetZones: Set = ["UTC", "Asia/Kolkata", "Asia/Kathmandu"]

    struct Case: CustomStringConvertible {
        var schedule: CronSchedule
        var expression: String
        var zone: TimeZone
        var instant: Date
        var description: String {
            "\(expression) in \(zone.identifier) at \(CronTestSupport.iso(instant))"
        }
    }

    /// Seeded cases; schedules the parser refuses (`31` in February only) are skipped.
    static func cases(seed: UInt64, count: Int) throws -> [Case] {
        var random = SplitMix64(seed: seed)
        var result: [Case] = []
        while result.count < count {
            let fields = [minutes, hours, days, months, weekdays].map { $0.randomElement(using: &random) ?? "*" }
            let expression = fields.joined(separator: " ")
            guard let schedule = try? CronSchedule(parsing: expression) else { continue }
            let zone = try CronTestSupport.zone(zones.randomElement(using: &random) ?? "UTC")
            // Whole seconds between 2020 and 2035.
            var instant = Date(timeIntervalSince1970: TimeInterval(Int.random(in: 1_577_836_800...2_051_222_400, using: &random)))
            if Int.random(in: 0..<3, using: &random) == 0,
                let transition = zone.nextDaylightSavingTimeTransition(after: instant)
            {
                instant = transition.addingTimeInterval(TimeInterval(Int.random(in: -7200...7200, using: &random)))
            }
            result.append(Case(schedule: schedule, expression: expression, zone: zone, instant: instant))
        }
        return result
    }

    @Test(arguments: [UInt64(0x7E4B1), 20_251_102, 42])
    func nextAndLatestAgree(seed: UInt64) throws {
        for item in try Self.cases(seed: seed, count: 150) {
            let x = item.instant
            let next = try #require(item.schedule.nextFire(after: x, in: item.zone), "\(item)")
            #expect(next > x, "\(item)")
            #expect(item.schedule.latestFire(atOrBefore: next, in: item.zone) == next, "\(item)")
            if let before = item.schedule.latestFire(atOrBefore: next.addingTimeInterval(-1), in: item.zone) {
                #expect(before <= x, "nothing fires in (x, next): \(item)")
            }

            let latest = try #require(item.schedule.latestFire(atOrBefore: x, in: item.zone), "\(item)")
            #expect(latest <= x, "\(item)")
            #expect(item.schedule.nextFire(after: latest.addingTimeInterval(-1), in: item.zone) == latest, "\(item)")
            if let after = item.schedule.nextFire(after: latest, in: item.zone) {
                #expect(after > x, "nothing fires in (latest, x]: \(item)")
            }
        }
    }

    /// For wildcard schedules in any zone, and any schedule in a zone without transitions, the fire
    /// times are exactly the whole minutes whose local wall time matches: check that directly,
    /// with Foundation's Calendar as an independent clock, over the next 30 hours.
    @Test(arguments: [UInt64(7), 1_234_567])
    func matchesMinuteByMinuteOracle(seed: UInt64) throws {
        let oracleCases = try Self.cases(seed: seed, count: 120).filter {
            !$0.schedule.isFixedTime || Self.fixedOffsetZones.contains($0.zone.identifier)
        }
        #expect(oracleCases.count > 40)
        for item in oracleCases {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = item.zone
            let start = (item.instant.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
            let end = start + 30 * 3600
            var expected: Date?
            for minuteStart in stride(from: start, to: end, by: 60) {
                let candidate = Date(timeIntervalSince1970: minuteStart)
                if Self.oracleMatches(item.schedule, calendar.dateComponents(in: item.zone, from: candidate)) {
                    expected = candidate
                    break
                }
            }
            let next = item.schedule.nextFire(after: item.instant, in: item.zone)
            if let expected {
                #expect(next == expected, "\(item)")
            } else {
                #expect((next?.timeIntervalSince1970 ?? 0) >= end, "\(item)")
            }
        }
    }

    /// Vixie's matching rule, written out independently of `CronSchedule.matchesDay`.
    static func oracleMatches(_ schedule: CronSchedule, _ parts: DateComponents) -> Bool {
        guard let minute = parts.minute, let hour = parts.hour, let day = parts.day, let month = parts.month,
            let weekday = parts.weekday
        else { return false }
        let dayOfMonth = schedule.dayOfMonth.contains(day)
        let dayOfWeek = schedule.dayOfWeek.contains(weekday - 1)
        let dayMatches = schedule.dayOfMonth.startsWithStar || schedule.dayOfWeek.startsWithStar
            ? dayOfMonth && dayOfWeek : dayOfMonth || dayOfWeek
        return schedule.minute.contains(minute) && schedule.hour.contains(hour) && schedule.month.contains(month)
            && dayMatches
    }

    @Test func civilDatesRoundTrip() {
        #expect(CivilDate(dayNumber: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(year: 2028, month: 2, day: 29).dayNumber + 1 == CivilDate(year: 2028, month: 3, day: 1).dayNumber)
        #expect(CivilDate(year: 2100, month: 2, day: 28).dayNumber + 1 == CivilDate(year: 2100, month: 3, day: 1).dayNumber)
        #expect(CivilDate.weekday(ofDayNumber: CivilDate(year: 2026, month: 11, day: 29).dayNumber) == 0)
        #expect(CivilDate.weekday(ofDayNumber: -1) == 3)
        for dayNumber in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(dayNumber: dayNumber).dayNumber == dayNumber)
        }
    }
}
