import Foundation

/// How the wall-clock seconds of one local calendar day map to instants in a time zone.
///
/// The zone is asked for its UTC offset a day before and two days after the day's midnight
/// (a window wider than any UTC offset). Equal offsets mean a plain day; different ones mean a
/// transition, whose instant is found by bisection on `secondsFromGMT(for:)`, so this works for
/// every kind of offset change (DST, a zone changing its standard offset, Samoa skipping a whole
/// day) and for 30- and 45-minute offsets alike. Assumed: at most one transition within those
/// three days, which holds for every zone in the tz database since 1970.
struct LocalDay: Sendable {
    /// Where one local wall-clock time falls.
    enum Occurrence: Equatable, Sendable {
        /// The usual case: exactly one instant.
        case once(Int64)
        /// Clocks were set back and this wall time happened twice; the earlier instant first.
        case twice(Int64, Int64)
        /// Clocks were set forward over this wall time; `resumesAt` is the transition instant,
        /// the first instant after the gap.
        case skipped(resumesAt: Int64)
    }

    /// Local seconds since 1970-01-01T00:00 (wall clock as if it were UTC) at this day's midnight.
    let start: Int64
    let offsetBefore: Int64
    let offsetAfter: Int64
    /// The first instant using `offsetAfter`; nil when the offset is the same all day.
    let transition: Int64?

    init(number: Int, timeZone: TimeZone) {
        start = Int64(number) * 86_400
        let early = start - 86_400
        let late = start + 2 * 86_400
        offsetBefore = Self.offset(at: early, in: timeZone)
        offsetAfter = Self.offset(at: late, in: timeZone)
        guard offsetBefore != offsetAfter else {
            transition = nil
            return
        }
        var low = early
        var high = late
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if Self.offset(at: middle, in: timeZone) == offsetBefore {
                low = middle
            } else {
                high = middle
            }
        }
        transition = high
    }

    /// The instants at which local wall-clock second `local` (of this day or near it) happens.
    func occurrence(ofLocal local: Int64) -> Occurrence {
        guard let transition else { return .once(local - offsetBefore) }
        let underBefore = local - offsetBefore
        let underAfter = local - offsetAfter
        let validBefore = underBefore < transition
        let validAfter = underAfter >= transition
        switch (validBefore, validAfter) {
        case (true, true): return .twice(min(underBefore, underAfter), max(underBefore, underAfter))
        case (true, false): return .once(underBefore)
        case (false, true): return .once(underAfter)
        case (false, false): return .skipped(resumesAt: transition)
        }
    }

    static func offset(at instant: Int64, in timeZone: TimeZone) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }

    /// The local day number that `instant` falls on.
    static func dayNumber(of instant: Int64, in timeZone: TimeZone) -> Int {
        let local = instant + offset(at: instant, in: timeZone)
        return Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }
}
