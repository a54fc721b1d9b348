extension CronField {
    /// Parses one field with Vixie cron's grammar: a comma list of `*`, `n`, `a-b`, each optionally
    /// followed by `/step`; `a/step` means `a` to the field's maximum (as in cronie and ISC cron 4.1).
    /// Month and day-of-week values may be three-letter names in any case, also as range ends.
    /// Stricter than Vixie where it silently accepted nonsense: empty list items, steps above
    /// the maximum and Quartz extensions are errors, because a digest that never fires is worse
    /// than a configuration error at start.
    init(parsing text: String, kind: Kind) throws(CronParseError) {
        var bits: UInt64 = 0
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !item.isEmpty else {
                throw .invalidField(kind, text: text, problem: .emptyListItem)
            }
            do {
                bits |= try Self.parseItem(item, kind: kind)
            } catch .malformed {
                // Name the whole item (`*-5`), not the piece that failed to parse (`*`).
                throw .invalidField(kind, text: text, problem: .malformed(String(item)))
            } catch {
                throw .invalidField(kind, text: text, problem: error)
            }
        }
        self.init(kind: kind, bits: Self.normalise(bits, kind: kind), startsWithStar: text.hasPrefix("*"))
    }

    private typealias Problem = CronParseError.Problem

    private static func parseItem(_ item: Substring, kind: Kind) throws(Problem) -> UInt64 {
        if item.contains("#") || item.contains("?") { throw .unsupportedExtension(String(item)) }
        let parts = item.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .malformed(String(item)) }
        let step = parts.count == 2 ? try parseStep(parts[1], item: item, kind: kind) : nil

        let base = parts[0]
        let low: Int
        let high: Int
        if base == "*" {
            low = kind.bounds.lowerBound
            high = kind.bounds.upperBound
        } else if base.contains("-") {
            let ends = base.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, !ends[0].isEmpty, !ends[1].isEmpty else { throw .malformed(String(item)) }
            low = try value(ends[0], kind: kind)
            high = try value(ends[1], kind: kind)
            guard low <= high else { throw .reversedRange(low, high) }
        } else {
            guard !base.isEmpty else { throw .malformed(String(item)) }
            low = try value(base, kind: kind)
            high = step == nil ? low : kind.bounds.upperBound
        }
        return stride(from: low, through: high, by: step ?? 1).reduce(0) { $0 | 1 << UInt64($1) }
    }

    private static func parseStep(_ text: Substring, item: Substring, kind: Kind) throws(Problem) -> Int {
        guard let step = number(text) else { throw .malformed(String(item)) }
        guard step > 0 else { throw .zeroStep }
        guard step <= kind.bounds.upperBound else { throw .stepTooLarge(step, maximum: kind.bounds.upperBound) }
        return step
    }

    private static func value(_ token: Substring, kind: Kind) throws(Problem) -> Int {
        if let number = number(token) {
            guard kind.bounds.contains(number) else { throw .outOfRange(number, bounds: kind.bounds) }
            return number
        }
        let upper = token.uppercased()
        if isQuartzExtension(upper) { throw .unsupportedExtension(String(token)) }
        guard upper.allSatisfy({ $0.isASCII && $0.isLetter }) else { throw .malformed(String(token)) }
        guard let index = kind.names.firstIndex(of: upper) else { throw .unknownName(String(token)) }
        return index + kind.firstNameValue
    }

    /// ASCII digits only (no signs, no Unicode digits); nil for anything else or an overflow.
    private static func number(_ token: Substring) -> Int? {
        guard !token.isEmpty, token.count <= 9, token.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(token)
    }

    /// `L`, `W`, `LW`, `5L`, `15W`: Quartz day modifiers that users paste from other schedulers.
    private static func isQuartzExtension(_ upper: String) -> Bool {
        if upper == "L" || upper == "W" || upper == "LW" { return true }
        guard let last = upper.last, last == "L" || last == "W" else { return false }
        let head = upper.dropLast()
        return !head.isEmpty && head.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
