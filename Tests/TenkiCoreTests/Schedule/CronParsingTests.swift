import Testing

@testable import TenkiCore

@Suite("CronSchedule parsing")
struct CronParsingTests {
    struct Valid: Sendable, CustomStringConvertible {
        var expression: String
        var normalised: String
        var description: String { expression }
    }

    static let valid: [Valid] = [
        Valid(expression: "30 7 * * 1-5", normalised: "30 7 * * 1-5"),
        Valid(expression: "0 9 * * MON-FRI", normalised: "0 9 * * 1-5"),
        Valid(expression: "0 9 * * mon-Fri", normalised: "0 9 * * 1-5"),
        Valid(expression: "  0\t9   * *  1 ", normalised: "0 9 * * 1"),
        Valid(expression: "*/15 * * * *", normalised: "*/15 * * * *"),
        Valid(expression: "*/1 * * * *", normalised: "* * * * *"),
        Valid(expression: "0-59/15 * * * *", normalised: "0,15,30,45 * * * *"),
        Valid(expression: "5/20 * * * *", normalised: "5,25,45 * * * *"),
        Valid(expression: "*/20,5 * * * *", normalised: "*/20,5 * * * *"),
        Valid(expression: "1,2 8-10/2,17 * * *", normalised: "1,2 8,10,17 * * *"),
        Valid(expression: "0 0 1,15 * *", normalised: "0 0 1,15 * *"),
        Valid(expression: "0 0 1-31 * *", normalised: "0 0 1-31 * *"),
        Valid(expression: "0 0 */2 * *", normalised: "0 0 */2 * *"),
        Valid(expression: "0 0 * JAN,jul *", normalised: "0 0 * 1,7 *"),
        Valid(expression: "0 0 * 1-12 *", normalised: "0 0 * * *"),
        Valid(expression: "0 0 * */3 *", normalised: "0 0 * */3 *"),
        Valid(expression: "0 0 * MAR-MAY *", normalised: "0 0 * 3-5 *"),
        Valid(expression: "0 0 * * 7", normalised: "0 0 * * 0"),
        Valid(expression: "0 0 * * SUN", normalised: "0 0 * * 0"),
        Valid(expression: "0 0 * * 5-7", normalised: "0 0 * * 0,5,6"),
        Valid(expression: "0 0 * * 0-7", normalised: "0 0 * * 0-6"),
        Valid(expression: "0 0 * * SAT,SUN", normalised: "0 0 * * 0,6"),
        Valid(expression: "0 0 * * 1/2", normalised: "0 0 * * 0,1,3,5"),
        Valid(expression: "0 0 * * */7", normalised: "0 0 * * */7"),
        Valid(expression: "0 12 29 2 *", normalised: "0 12 29 2 *"),
        Valid(expression: "0 0 31 2 MON", normalised: "0 0 31 2 1"),
        Valid(expression: "@yearly", normalised: "0 0 1 1 *"),
        Valid(expression: "@annually", normalised: "0 0 1 1 *"),
        Valid(expression: "@monthly", normalised: "0 0 1 * *"),
        Valid(expression: "@weekly", normalised: "0 0 * * 0"),
        Valid(expression: "@daily", normalised: "0 0 * * *"),
        Valid(expression: "@midnight", normalised: "0 0 * * *"),
        Valid(expression: "@hourly", normalised: "0 * * * *"),
        Valid(expression: " @Daily ", normalised: "0 0 * * *"),
    ]

    @Test(arguments: valid)
    func parsesAndNormalises(row: Valid) throws {
        let schedule = try CronSchedule(parsing: row.expression)
        #expect(schedule.description == row.normalised)
        // The normalised form means the same thing, star flags included.
        #expect(try CronSchedule(parsing: schedule.description) == schedule)
    }

    struct Invalid: Sendable, CustomStringConvertible {
        var expression: String
        var error: CronParseError
        var description: String { expression }
    }

    static let invalid: [Invalid] = [
        Invalid(expression: "", error: .wrongFieldCount(0)),
        Invalid(expression: "30 7 * *", error: .wrongFieldCount(4)),
        Invalid(expression: "0 30 7 * * 1-5", error: .wrongFieldCount(6)),
        Invalid(expression: "@reboot", error: .rebootNotSupported),
        Invalid(expression: "@fortnightly", error: .unknownMacro("@fortnightly")),
        Invalid(expression: "@daily 5", error: .unknownMacro("@daily 5")),
        Invalid(expression: "60 * * * *", error: .invalidField(.minute, text: "60", problem: .outOfRange(60, bounds: 0...59))),
        Invalid(expression: "0 24 * * *", error: .invalidField(.hour, text: "24", problem: .outOfRange(24, bounds: 0...23))),
        Invalid(expression: "0 0 0 * *", error: .invalidField(.dayOfMonth, text: "0", problem: .outOfRange(0, bounds: 1...31))),
        Invalid(expression: "0 0 32 * *", error: .invalidField(.dayOfMonth, text: "32", problem: .outOfRange(32, bounds: 1...31))),
        Invalid(expression: "0 0 * 13 *", error: .invalidField(.month, text: "13", problem: .outOfRange(13, bounds: 1...12))),
        Invalid(expression: "0 0 * * 8", error: .invalidField(.dayOfWeek, text: "8", problem: .outOfRange(8, bounds: 0...7))),
        Invalid(expression: "0 0 * * 5-1", error: .invalidField(.dayOfWeek, text: "5-1", problem: .reversedRange(5, 1))),
        Invalid(expression: "0 22-2 * * *", error: .invalidField(.hour, text: "22-2", problem: .reversedRange(22, 2))),
        Invalid(expression: "0 0 * * FRI-MON", error: .invalidField(.dayOfWeek, text: "FRI-MON", problem: .reversedRange(5, 1))),
        Invalid(expression: "*/0 * * * *", error: .invalidField(.minute, text: "*/0", problem: .zeroStep)),
        Invalid(expression: "*/60 * * * *", error: .invalidField(.minute, text: "*/60", problem: .stepTooLarge(60, maximum: 59))),
        Invalid(expression: "1,,2 * * * *", error: .invalidField(.minute, text: "1,,2", problem: .emptyListItem)),
        Invalid(expression: "0 1, * * *", error: .invalidField(.hour, text: "1,", problem: .emptyListItem)),
        Invalid(expression: "0 0 ,1 * *", error: .invalidField(.dayOfMonth, text: ",1", problem: .emptyListItem)),
        Invalid(expression: "0 0 * * FUN", error: .invalidField(.dayOfWeek, text: "FUN", problem: .unknownName("FUN"))),
        Invalid(expression: "0 0 * JANUARY *", error: .invalidField(.month, text: "JANUARY", problem: .unknownName("JANUARY"))),
        Invalid(expression: "MON 0 * * *", error: .invalidField(.minute, text: "MON", problem: .unknownName("MON"))),
        Invalid(expression: "0 0 * MON *", error: .invalidField(.month, text: "MON", problem: .unknownName("MON"))),
        Invalid(expression: "0 0 L * *", error: .invalidField(.dayOfMonth, text: "L", problem: .unsupportedExtension("L"))),
        Invalid(expression: "0 0 15W * *", error: .invalidField(.dayOfMonth, text: "15W", problem: .unsupportedExtension("15W"))),
        Invalid(expression: "0 0 * * 5L", error: .invalidField(.dayOfWeek, text: "5L", problem: .unsupportedExtension("5L"))),
        Invalid(expression: "0 0 * * 5#3", error: .invalidField(.dayOfWeek, text: "5#3", problem: .unsupportedExtension("5#3"))),
        Invalid(expression: "0 0 ? * MON", error: .invalidField(.dayOfMonth, text: "?", problem: .unsupportedExtension("?"))),
        Invalid(expression: "1- * * * *", error: .invalidField(.minute, text: "1-", problem: .malformed("1-"))),
        Invalid(expression: "-5 * * * *", error: .invalidField(.minute, text: "-5", problem: .malformed("-5"))),
        Invalid(expression: "*-5 * * * *", error: .invalidField(.minute, text: "*-5", problem: .malformed("*-5"))),
        Invalid(expression: "1/2/3 * * * *", error: .invalidField(.minute, text: "1/2/3", problem: .malformed("1/2/3"))),
        Invalid(expression: "*/x * * * *", error: .invalidField(.minute, text: "*/x", problem: .malformed("*/x"))),
        Invalid(expression: "1.5 * * * *", error: .invalidField(.minute, text: "1.5", problem: .malformed("1.5"))),
        Invalid(expression: "99999999999 * * * *", error: .invalidField(.minute, text: "99999999999", problem: .malformed("99999999999"))),
        Invalid(expression: "0 0 30 2 *", error: .invalidField(.dayOfMonth, text: "30", problem: .dayNeverOccurs)),
        Invalid(expression: "0 0 31 4,6,9,11 *", error: .invalidField(.dayOfMonth, text: "31", problem: .dayNeverOccurs)),
        Invalid(expression: "0 0 31 2 */2", error: .invalidField(.dayOfMonth, text: "31", problem: .dayNeverOccurs)),
    ]

    @Test(arguments: invalid)
    func rejects(row: Invalid) {
        #expect(throws: row.error) { try CronSchedule(parsing: row.expression) }
    }

    @Test(arguments: invalid)
    func errorIsOneLineNamingTheField(row: Invalid) {
        let text = row.error.description
        #expect(!text.contains("\n"))
        if case .invalidField(let kind, let fieldText, _) = row.error {
            #expect(text.contains("cron \(kind.displayName) field \"\(fieldText)\": "))
        }
    }

    @Test(arguments: [
        ("0 0 L * *", "cron day-of-month field \"L\": \"L\" uses Quartz syntax (L, W, # or ?), which cron does not support"),
        ("60 7 * * 1-5", "cron minute field \"60\": 60 is out of range 0-59"),
        ("30 7 * * 1-8", "cron day-of-week field \"1-8\": 8 is out of range 0-7"),
        ("30 7 * *", "cron expression has 4 fields, expected 5 (minute hour day-of-month month day-of-week) or a macro such as @daily"),
        ("@reboot", "cron macro @reboot is not supported: it names no time of day; use a five-field expression"),
    ])
    func errorDescription(expression: String, expected: String) {
        #expect(throws: CronParseError.self) { try CronSchedule(parsing: expression) }
        do {
            _ = try CronSchedule(parsing: expression)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func sundayIsZeroAndSeven() throws {
        let zero = try CronSchedule(parsing: "0 0 * * 0")
        #expect(try CronSchedule(parsing: "0 0 * * 7") == zero)
        #expect(try CronSchedule(parsing: "0 0 * * sun") == zero)
        #expect(zero.dayOfWeek.values == [0])
    }

    @Test func fieldsAreBitsets() throws {
        let schedule = try CronSchedule(parsing: "*/15 7-9 1,15 JAN-MAR MON-FRI")
        #expect(schedule.minute.bits == 1 << 0 | 1 << 15 | 1 << 30 | 1 << 45)
        #expect(schedule.hour.values == [7, 8, 9])
        #expect(schedule.dayOfMonth.values == [1, 15])
        #expect(schedule.month.values == [1, 2, 3])
        #expect(schedule.dayOfWeek.values == [1, 2, 3, 4, 5])
        #expect(schedule.minute.startsWithStar && !schedule.hour.startsWithStar)
        #expect(!schedule.isFixedTime)
        #expect(try CronSchedule(parsing: "30 7 * * 1-5").isFixedTime)
        #expect(try !CronSchedule(parsing: "@hourly").isFixedTime)
    }
}
