/// A time of day on a wall clock, to the minute: when a morning report is posted, in the
/// subscription's zone. Shown as `HH:MM` (24-hour).
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// Nil outside 00:00–23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// The default report time.
    public static let defaultReport = LocalTime(hour: 7, minute: 30)!

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    /// What reading a word as a time gave.
    public enum Reading: Sendable, Equatable {
        /// Not a time at all (a place's word).
        case notATime
        /// Shaped like a time but impossible (`25:00`, `7:75`, `13pm`).
        case invalid
        case time(LocalTime)
    }

    /// Reads one word as a time. Accepted: `7:30`, `07:30`, `7am`, `7:30pm`, `12am` (00:00),
    /// `7時`, `7時30分`, `19時`, and full-width digits (`７：３０`). A bare `7` is not a time here
    /// (it could be part of a place's name); after `at` it is (`bare: true`).
    public static func read(_ word: String, bare: Bool = false) -> Reading {
        let text = String(String.UnicodeScalarView(word.lowercased().unicodeScalars.map(halfWidth)))
        if bare, let hour = Int(text), text.count <= 2 { return reading(hour, 0) }
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            let number = String(text.dropLast(2))
            guard let (hour, minute) = clock(number) else { return looksNumeric(number) ? .invalid : .notATime }
            guard (1...12).contains(hour) else { return .invalid }
            return reading(hour % 12 + (text.hasSuffix("pm") ? 12 : 0), minute)
        }
        if text.hasSuffix("時") || text.hasSuffix("分") {
            let parts = text.dropLast(text.hasSuffix("分") ? 1 : 0).split(separator: "時", omittingEmptySubsequences: false)
            guard parts.count == 2, let hour = Int(parts[0]), parts[0].count <= 2,
                  parts[1].isEmpty || (parts[1].count <= 2 && Int(parts[1]) != nil) else { return .notATime }
            return reading(hour, Int(parts[1]) ?? 0)
        }
        guard text.contains(":") else { return .notATime }
        guard let (hour, minute) = clock(text) else { return looksNumeric(text) ? .invalid : .notATime }
        return reading(hour, minute)
    }

    /// `H`, `HH`, `H:MM` or `HH:MM` as numbers (not yet range-checked).
    private static func clock(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), let hour = Int(parts[0]) else { return nil }
        guard parts.count == 2 else { return (hour, 0) }
        guard parts[1].count == 2, let minute = Int(parts[1]) else { return nil }
        return (hour, minute)
    }

    /// Digits and colons only: a time gone wrong rather than a word.
    private static func looksNumeric(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == ":" }
    }

    private static func reading(_ hour: Int, _ minute: Int) -> Reading {
        LocalTime(hour: hour, minute: minute).map(Reading.time) ?? .invalid
    }

    /// Full-width digits and colon (as Japanese input methods type them) as ASCII.
    private static func halfWidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0xFF10...0xFF19: Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!
        case 0xFF1A: ":"
        default: scalar
        }
    }
}
