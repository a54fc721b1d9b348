import Foundation

/// Fire times in an IANA time zone.
///
/// The search walks local calendar days (skipping whole months and non-matching days with integer
/// arithmetic), then matching hours, then matching minutes, and converts local wall-clock
/// minutes to instants through `LocalDay`. It never steps minute by minute through the years.
///
/// Daylight saving, following Vixie cron's split between fixed-time and wildcard schedules
/// (`isFixedTime`):
/// - Fixed-time schedules (minute and hour do not start with `*`, e.g. `30 7 * * 1-5`, `@daily`):
///   - a local time skipped by clocks moving forward fires ONCE at the first instant after the
///     gap (`30 2 * * *` on 2025-03-09 in America/New_York fires at 03:00 EDT = 07:00Z); several
///     skipped times (and a scheduled time right at the end of the gap) collapse into that one run;
///   - a local time repeated by clocks moving back fires ONCE, at its first occurrence
///     (`30 1 * * *` on 2025-11-02 in New York fires at 01:30 EDT = 05:30Z, not at 01:30 EST).
/// - Wildcard schedules (`*/15 * * * *`, `@hourly`, `*/10 2 * * *`) follow real elapsed time, which
///   is what the wall clock itself does: minutes in a forward gap do not exist and do not fire;
///   minutes of a repeated hour fire at both occurrences, so `*/15` keeps firing every 15 real
///   minutes through the fall-back hour and `@hourly` fires at 01:00 EDT and again at 01:00 EST.
/// Fire times are a set of instants, so no instant is ever returned twice.
extension CronSchedule {
    /// How far the search looks, in days. 50 years covers every schedule the parser accepts:
    /// the rarest is a 29 February on a given weekday (`0 0 29 2 */7`), at most 40 years apart.
    public static let searchHorizonDays = 50 * 366

    /// The first fire time strictly after `instant`, or nil if none within `searchHorizonDays`.
    public func nextFire(after instant: Date, in timeZone: TimeZone) -> Date? {
        let after = instant.timeIntervalSince1970
        guard after.magnitude < 1e11 else { return nil }
        let origin = LocalDay.dayNumber(of: Int64(after.rounded(.down)), in: timeZone) - 1
        var day = origin
        while let found = matchingDay(from: day, step: 1, origin: origin) {
            let local = LocalDay(number: found, timeZone: timeZone)
            if var best = earliestFire(on: local, after: after) {
                // A backward jump across midnight can put part of the next day before this one.
                if local.transition != nil, matches(dayNumber: found + 1),
                    let other = earliestFire(on: LocalDay(number: found + 1, timeZone: timeZone), after: after)
                {
                    best = min(best, other)
                }
                return Date(timeIntervalSince1970: TimeInterval(best))
            }
            day = found + 1
        }
        return nil
    }

    /// The last fire time at or before `instant`, or nil if none within `searchHorizonDays`.
    /// This is the digest's slot: `latestFire(atOrBefore: now + 5 min)`.
    public func latestFire(atOrBefore instant: Date, in timeZone: TimeZone) -> Date? {
        let limit = instant.timeIntervalSince1970
        guard limit.magnitude < 1e11 else { return nil }
        let origin = LocalDay.dayNumber(of: Int64(limit.rounded(.down)), in: timeZone) + 1
        var day = origin
        while let found = matchingDay(from: day, step: -1, origin: origin) {
            let local = LocalDay(number: found, timeZone: timeZone)
            if var best = latestFire(on: local, atOrBefore: limit) {
                if local.transition != nil, matches(dayNumber: found - 1),
                    let other = latestFire(on: LocalDay(number: found - 1, timeZone: timeZone), atOrBefore: limit)
                {
                    best = max(best, other)
                }
                return Date(timeIntervalSince1970: TimeInterval(best))
            }
            day = found - 1
        }
        return nil
    }

    /// The first day number from `day` in direction `step` whose date matches, skipping months
    /// that cannot match in one jump; nil beyond the horizon from `origin`.
    func matchingDay(from day: Int, step: Int, origin: Int) -> Int? {
        var current = day
        while (current - origin).magnitude <= Self.searchHorizonDays {
            let date = CivilDate(dayNumber: current)
            if !month.contains(date.month) {
                let first = CivilDate(year: date.year, month: date.month, day: 1).dayNumber
                current = step > 0
                    ? CivilDate(dayNumber: first + 31).withDay(1).dayNumber
                    : first - 1
                continue
            }
            if matchesDay(month: date.month, day: date.day, weekday: CivilDate.weekday(ofDayNumber: current)) {
                return current
            }
            current += step
        }
        return nil
    }

    func matches(dayNumber: Int) -> Bool {
        let date = CivilDate(dayNumber: dayNumber)
        return matchesDay(month: date.month, day: date.day, weekday: CivilDate.weekday(ofDayNumber: dayNumber))
    }

    /// The instants at which local wall-clock second `local` fires, under the DST policy above.
    private func fireInstants(_ occurrence: LocalDay.Occurrence) -> (Int64?, Int64?) {
        switch occurrence {
        case .once(let instant): (instant, nil)
        case .twice(let first, let second): isFixedTime ? (first, nil) : (first, second)
        case .skipped(let resumesAt): isFixedTime ? (resumesAt, nil) : (nil, nil)
        }
    }

    private func earliestFire(on day: LocalDay, after: Double) -> Int64? {
        if day.transition == nil {
            // One offset all day: instants grow with wall time, so the first match wins.
            let threshold = after + Double(day.offsetBefore)
            for hourValue in 0..<24 where hour.contains(hourValue) {
                let hourStart = day.start + Int64(hourValue) * 3600
                guard Double(hourStart + 59 * 60) > threshold else { continue }
                for minuteValue in 0..<60 where minute.contains(minuteValue) {
                    let local = hourStart + Int64(minuteValue) * 60
                    if Double(local) > threshold { return local - day.offsetBefore }
                }
            }
            return nil
        }
        var best: Int64?
        forEachMatchingMinute(of: day) { local in
            let (first, second) = fireInstants(day.occurrence(ofLocal: local))
            for candidate in [first, second].compactMap({ $0 }) where Double(candidate) > after {
                best = min(best ?? candidate, candidate)
            }
        }
        return best
    }

    private func latestFire(on day: LocalDay, atOrBefore limit: Double) -> Int64? {
        if day.transition == nil {
            let threshold = limit + Double(day.offsetBefore)
            for hourValue in (0..<24).reversed() where hour.contains(hourValue) {
                let hourStart = day.start + Int64(hourValue) * 3600
                guard Double(hourStart) <= threshold else { continue }
                for minuteValue in (0..<60).reversed() where minute.contains(minuteValue) {
                    let local = hourStart + Int64(minuteValue) * 60
                    if Double(local) <= threshold { return local - day.offsetBefore }
                }
            }
            return nil
        }
        var best: Int64?
        forEachMatchingMinute(of: day) { local in
            let (first, second) = fireInstants(day.occurrence(ofLocal: local))
            for candidate in [first, second].compactMap({ $0 }) where Double(candidate) <= limit {
                best = max(best ?? candidate, candidate)
            }
        }
        return best
    }

    /// Only used on transition days, where instants are not monotonic in wall time.
    private func forEachMatchingMinute(of day: LocalDay, _ body: (Int64) -> Void) {
        for hourValue in 0..<24 where hour.contains(hourValue) {
            for minuteValue in 0..<60 where minute.contains(minuteValue) {
                body(day.start + Int64(hourValue) * 3600 + Int64(minuteValue) * 60)
            }
        }
    }
}

extension CivilDate {
    fileprivate func withDay(_ day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: day)
    }
}
