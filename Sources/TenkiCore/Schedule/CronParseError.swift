/// Why a cron expression was refused. The description is one line that names the field and the
/// problem, because it is shown verbatim as the configuration error for `DIGEST_SCHEDULE`: an
/// operator must be able to fix the setting from that line alone.
public enum CronParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expression had this many whitespace-separated fields instead of five
    /// (seconds and year fields, as in Quartz or AWS, are not cron).
    case wrongFieldCount(Int)
    /// `@reboot`: it names an event, not a time, so a digest cannot be scheduled by it.
    case rebootNotSupported
    /// An `@` word that is not one of the Vixie macros.
    case unknownMacro(String)
    /// One field is wrong; `text` is the field as written.
    case invalidField(CronField.Kind, text: String, problem: Problem)

    /// What is wrong inside one field. An `Error` itself only so that the field parser can throw
    /// it (typed) before the field's kind and text are attached.
    public enum Problem: Error, Sendable, Equatable {
        /// A list with an empty item: `1,,2`, `1,` or `,1`.
        case emptyListItem
        /// Not a number, name, `*`, range or step, for example `1-`, `*-5` or `1/2/3`.
        case malformed(String)
        /// A name this field does not know (only JAN-DEC in months and SUN-SAT in days of the week).
        case unknownName(String)
        /// Quartz-style `L`, `W`, `#` or `?`, which Vixie cron does not have.
        case unsupportedExtension(String)
        /// A value outside the field's bounds.
        case outOfRange(Int, bounds: ClosedRange<Int>)
        /// A range whose start is after its end, such as `5-1` (Vixie cron does not wrap around).
        case reversedRange(Int, Int)
        /// `/0`, which would never advance.
        case zeroStep
        /// A step larger than the field's maximum, which can only ever select the first value
        /// and is almost certainly a typo (`*/60` in minutes); cronie refuses it too.
        case stepTooLarge(Int, maximum: Int)
        /// A day of the month that no selected month has (`30 2`, `31 4,6`) while the day of the
        /// week does not widen the match: the schedule would never fire.
        case dayNeverOccurs
    }

    public var description: String {
        switch self {
        case .wrongFieldCount(let count):
            return "cron expression has \(count) field\(count == 1 ? "" : "s"), expected 5 "
                + "(minute hour day-of-month month day-of-week) or a macro such as @daily"
        case .rebootNotSupported:
            return "cron macro @reboot is not supported: it names no time of day; use a five-field expression"
        case .unknownMacro(let text):
            return "cron macro \"\(text)\" is unknown; use @yearly, @annually, @monthly, @weekly, @daily, "
                + "@midnight or @hourly"
        case .invalidField(let kind, let text, let problem):
            return "cron \(kind.displayName) field \"\(text)\": \(Self.explain(problem, kind: kind))"
        }
    }

    private static func explain(_ problem: Problem, kind: CronField.Kind) -> String {
        switch problem {
        case .emptyListItem:
            return "empty item in a comma-separated list"
        case .malformed(let token):
            return "\"\(token)\" is not a number, name, *, range a-b or step /n"
        case .unknownName(let name):
            switch kind {
            case .month: return "unknown month name \"\(name)\" (use JAN-DEC or 1-12)"
            case .dayOfWeek: return "unknown day name \"\(name)\" (use SUN-SAT or 0-7)"
            default: return "names such as \"\(name)\" are not allowed here, only numbers"
            }
        case .unsupportedExtension(let token):
            return "\"\(token)\" uses Quartz syntax (L, W, # or ?), which cron does not support"
        case .outOfRange(let value, let bounds):
            return "\(value) is out of range \(bounds.lowerBound)-\(bounds.upperBound)"
        case .reversedRange(let low, let high):
            return "range \(low)-\(high) is reversed (start must not be after end)"
        case .zeroStep:
            return "step /0 is not allowed"
        case .stepTooLarge(let step, let maximum):
            return "step /\(step) is larger than the maximum \(maximum)"
        case .dayNeverOccurs:
            return "no selected month has this day, so the schedule would never fire"
        }
    }
}
