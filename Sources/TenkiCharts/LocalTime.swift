/// A moment read on the place's wall clock, by arithmetic alone (no time zone database): the
/// forecast gives a fixed offset from UTC.
struct LocalTime: Sendable, Hashable {
    /// Days since 1970-01-01 on the local calendar.
    let day: Int64
    /// 0...86399.
    let secondOfDay: Int
    var hour: Int { secondOfDay / 3600 }
    /// 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday).
    var weekday: Int { Int(((day % 7) + 7 + 4) % 7) }

    init(utc seconds: Int64, offset: Int) {
        let local = seconds + Int64(offset)
        day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        secondOfDay = Int(local - day * 86_400)
    }

    /// The day of the month (1...31), by Howard Hinnant's civil-from-days algorithm.
    var dayOfMonth: Int {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        return Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    }

    /// UTC seconds of the local midnight that starts `day`.
    static func midnight(ofDay day: Int64, offset: Int) -> Int64 { day * 86_400 - Int64(offset) }

    static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let japaneseWeekdays = ["日", "月", "火", "水", "木", "金", "土"]

    /// `Mon 7` or `7日(月)`.
    func dayLabel(_ language: Meteogram.Language) -> String {
        switch language {
        case .en: "\(Self.englishWeekdays[weekday]) \(dayOfMonth)"
        case .ja: "\(dayOfMonth)日(\(Self.japaneseWeekdays[weekday]))"
        }
    }

    /// `Mon` or `月`: the day label when the long one does not fit.
    func shortDayLabel(_ language: Meteogram.Language) -> String {
        language == .en ? Self.englishWeekdays[weekday] : Self.japaneseWeekdays[weekday]
    }

    /// `09`: hours as meteograms write them, the same in both languages.
    var hourLabel: String { hour < 10 ? "0\(hour)" : "\(hour)" }
}
