/// A five-field cron schedule with Vixie cron semantics, parsed once from `DIGEST_SCHEDULE` and
/// then asked for fire times (see `CronSchedule+Search.swift`). Pure: it never reads the clock.
///
/// Matching follows Vixie cron exactly, including its two less obvious rules:
/// - Day of month and day of week: when both fields are restricted (neither text starts with
///   `*`), a day matches if EITHER matches (`0 0 13 * FRI` is every 13th and every Friday);
///   when one starts with `*` (also `*/2`), both must match, so effectively only the other counts.
/// - The same `*` test on minute and hour decides the daylight-saving policy (`isFixedTime`).
public struct CronSchedule: Sendable, Equatable, CustomStringConvertible {
    public let minute: CronField
    public let hour: CronField
    public let dayOfMonth: CronField
    public let month: CronField
    public let dayOfWeek: CronField

    /// Parses a five-field expression or one of the Vixie macros. Fields are separated by any
    /// run of spaces or tabs; month and day names and macros are case-insensitive (Vixie matches
    /// macros case-sensitively; accepting `@Daily` loses nothing and spares an operator a restart).
    public init(parsing expression: String) throws(CronParseError) {
        let words = expression.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline })
        if let first = words.first, first.hasPrefix("@") {
            guard words.count == 1 else { throw .unknownMacro(words.joined(separator: " ")) }
            try self.init(parsing: Self.expand(macro: String(first)))
            return
        }
        guard words.count == 5 else { throw .wrongFieldCount(words.count) }
        let kinds = CronField.Kind.allCases
        var fields: [CronField] = []
        for (word, kind) in zip(words, kinds) {
            fields.append(try CronField(parsing: String(word), kind: kind))
        }
        self.init(minute: fields[0], hour: fields[1], dayOfMonth: fields[2], month: fields[3], dayOfWeek: fields[4])
        guard canFire else {
            throw .invalidField(.dayOfMonth, text: String(words[2]), problem: .dayNeverOccurs)
        }
    }

    private init(minute: CronField, hour: CronField, dayOfMonth: CronField, month: CronField, dayOfWeek: CronField) {
        self.minute = minute
        self.hour = hour
        self.dayOfMonth = dayOfMonth
        self.month = month
        self.dayOfWeek = dayOfWeek
    }

    /// The macros as Vixie cron defines them.
    private static func expand(macro: String) throws(CronParseError) -> String {
        switch macro.lowercased() {
        case "@yearly", "@annually": "0 0 1 1 *"
        case "@monthly": "0 0 1 * *"
        case "@weekly": "0 0 * * 0"
        case "@daily", "@midnight": "0 0 * * *"
        case "@hourly": "0 * * * *"
        case "@reboot": throw .rebootNotSupported
        default: throw .unknownMacro(macro)
        }
    }

    /// The normalised five-field form (numbers, no names, macros expanded); parsing it gives an
    /// equal schedule. Used in logs and "no digest due (next: ...)" lines.
    public var description: String {
        "\(minute) \(hour) \(dayOfMonth) \(month) \(dayOfWeek)"
    }

    /// Vixie's classification for daylight saving: a schedule whose minute and hour fields both
    /// do not start with `*` names fixed times of day (`30 7 * * 1-5`, `@daily`). Those run once
    /// even when the local time is skipped or repeated. Others (`*/15 * * * *`, `@hourly`) follow
    /// real elapsed time. See `nextFire(after:in:)` for the exact rules.
    public var isFixedTime: Bool { !minute.startsWithStar && !hour.startsWithStar }

    /// Whether the schedule runs on this local calendar day (weekday 0 is Sunday).
    func matchesDay(month monthValue: Int, day: Int, weekday: Int) -> Bool {
        guard month.contains(monthValue) else { return false }
        if dayOfMonth.startsWithStar || dayOfWeek.startsWithStar {
            return dayOfMonth.contains(day) && dayOfWeek.contains(weekday)
        }
        return dayOfMonth.contains(day) || dayOfWeek.contains(weekday)
    }

    /// False only when the days of the month must match (the AND case) and none of them exists
    /// in any selected month, as in `0 0 30 2 *`. Every weekday falls on every existing
    /// month-day combination within a few decades, so the day of week cannot make it impossible.
    private var canFire: Bool {
        guard dayOfMonth.startsWithStar || dayOfWeek.startsWithStar else { return true }
        let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return month.values.contains { selected in
            dayOfMonth.values.contains { $0 <= longest[selected - 1] }
        }
    }
}
