/// One of the five fields of a cron expression, kept as a bitset (bit n set = value n allowed) so
/// that matching a candidate minute is a shift and a mask, and the search can skip whole hours and
/// days without allocating.
public struct CronField: Sendable, Equatable, CustomStringConvertible {
    /// Which field this is; it fixes the bounds and the names allowed.
    public enum Kind: String, Sendable, CaseIterable {
        case minute, hour, dayOfMonth, month, dayOfWeek

        /// Values accepted when parsing. Day of week accepts 7 as a second spelling of Sunday.
        public var bounds: ClosedRange<Int> {
            switch self {
            case .minute: 0...59
            case .hour: 0...23
            case .dayOfMonth: 1...31
            case .month: 1...12
            case .dayOfWeek: 0...7
            }
        }

        /// The name used in error messages, as crontab(5) spells it.
        public var displayName: String {
            switch self {
            case .minute: "minute"
            case .hour: "hour"
            case .dayOfMonth: "day-of-month"
            case .month: "month"
            case .dayOfWeek: "day-of-week"
            }
        }

        /// Whether "the text starts with `*`" changes meaning: for minute and hour it selects the
        /// DST policy (see `CronSchedule.isFixedTime`), for the two day fields Vixie's OR rule.
        /// For months it changes nothing, so it is normalised away and `1-12` equals `*`.
        var starFlagMatters: Bool { self != .month }

        /// Every value the field can hold after normalisation (Sunday is always 0).
        var fullMask: UInt64 {
            let upper = self == .dayOfWeek ? 6 : bounds.upperBound
            return CronField.mask(bounds.lowerBound...upper)
        }

        var names: [String] {
            switch self {
            case .month: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
            case .dayOfWeek: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
            default: []
            }
        }

        /// The value of the first name (JAN is 1, SUN is 0).
        var firstNameValue: Int { self == .month ? 1 : 0 }
    }

    public let kind: Kind
    /// Bit n is set when value n is selected. Day of week uses bits 0-6 (7 is folded into 0).
    public let bits: UInt64
    /// Whether the field text started with `*` (Vixie's `DOM_STAR`, `DOW_STAR`, `MIN_STAR`, `HR_STAR`).
    public let startsWithStar: Bool

    init(kind: Kind, bits: UInt64, startsWithStar: Bool) {
        self.kind = kind
        self.bits = bits
        self.startsWithStar = kind.starFlagMatters ? startsWithStar : bits == kind.fullMask
    }

    public func contains(_ value: Int) -> Bool {
        value >= 0 && value < 64 && bits & (1 << UInt64(value)) != 0
    }

    /// The selected values in ascending order.
    public var values: [Int] { (0..<64).filter(contains) }

    public var isFull: Bool { bits == kind.fullMask }

    static func mask(_ range: ClosedRange<Int>) -> UInt64 {
        range.reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// The values `*/step` selects, normalised like parsed bits.
    func starStepMask(_ step: Int) -> UInt64 {
        Self.normalise(stride(from: kind.bounds.lowerBound, through: kind.bounds.upperBound, by: step)
            .reduce(0) { $0 | 1 << UInt64($1) }, kind: kind)
    }

    static func normalise(_ bits: UInt64, kind: Kind) -> UInt64 {
        guard kind == .dayOfWeek, bits & (1 << 7) != 0 else { return bits }
        return bits & ~(1 << 7) | 1
    }

    /// A canonical spelling that parses back to an equal field: `*` and `*/n` keep the star
    /// (it carries meaning, see `startsWithStar`), everything else is a numeric list with runs of
    /// three or more written as ranges.
    public var description: String {
        if startsWithStar || !kind.starFlagMatters {
            if isFull { return "*" }
            let step = (2...kind.bounds.upperBound).first { starStepMask($0) & ~bits == 0 }
            if let step {
                let rest = bits & ~starStepMask(step)
                if startsWithStar {
                    return rest == 0 ? "*/\(step)" : "*/\(step)," + Self.list(rest)
                }
                // Without a star to preserve, `*/n` only reads better than a list from three values on.
                if rest == 0, bits.nonzeroBitCount >= 3 { return "*/\(step)" }
            }
        }
        return Self.list(bits)
    }

    private static func list(_ bits: UInt64) -> String {
        var parts: [String] = []
        var value = 0
        while value < 64 {
            guard bits & (1 << UInt64(value)) != 0 else {
                value += 1
                continue
            }
            var end = value
            while end + 1 < 64, bits & (1 << UInt64(end + 1)) != 0 { end += 1 }
            if end - value >= 2 {
                parts.append("\(value)-\(end)")
            } else {
                parts.append(contentsOf: (value...end).map(String.init))
            }
            value = end + 1
        }
        return parts.joined(separator: ",")
    }
}
