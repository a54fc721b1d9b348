/// Proleptic Gregorian dates as day numbers (days since 1970-01-01), using Howard Hinnant's
/// `days_from_civil` algorithms: the one place Tenki turns dates into days and back. The schedule
/// search walks local days with plain integer arithmetic this way and asks the time zone only for
/// offsets, so no `Calendar` call can move a date across a DST gap behind its back; the timestamp
/// parsers and the forecast's local days use it too, with no date formatter on any path.
public struct CivilDate: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
}

extension CivilDate {
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 is Sunday, as in cron. Day 0 (1970-01-01) was a Thursday.
    public static func weekday(ofDayNumber dayNumber: Int) -> Int {
        ((dayNumber + 4) % 7 + 7) % 7
    }
}
