import Foundation

/// Moves a sample body's times (`dt`, `sunrise`, `sunset`, `dt_txt`) so that it reads as the live
/// service's answer at `now`. Always by whole days, so every entry keeps its local time of day,
/// and with it its day/night icon and its place in the day's temperature curve:
/// - current weather: the observation (`dt`) becomes the latest one at or before `now`;
/// - forecast: the first entry is the next 3-hour slot after `now`, and at most 40 entries are
///   kept (the 5-day/3-hour list). A list too short to hold 40 entries from the next slot is
///   moved so that its first entry is at or after the next slot instead, so none is lost.
enum SampleTimeShifter {
    static let day = 86_400
    static let slot = 10_800
    /// The live `/data/2.5/forecast` answers five days of 3-hour steps.
    static let forecastLength = 40

    static func current(_ body: [String: Any], now: Date) -> [String: Any] {
        guard let observed = time(body) else { return body }
        return shift(body, days: floorDivision(seconds(now) - observed, day))
    }

    static func forecast(_ body: [String: Any], now: Date) -> [String: Any] {
        let list = body["list"] as? [Any] ?? []
        guard let first = list.first.flatMap(time) else { return body }
        let next = nextSlot(after: now)
        // The earliest shift that loses no entry, and the one a day before it, which starts the
        // list exactly at the next slot when the list is long enough.
        let noneLost = ceilingDivision(next - first, day)
        let wanted = min(list.count, forecastLength)
        let days = entries(list, from: next, shiftedBy: (noneLost - 1) * day).count >= wanted ? noneLost - 1 : noneLost
        var shifted = shift(body, days: days)
        let kept = entries(shifted["list"] as? [Any] ?? [], from: next, shiftedBy: 0).prefix(forecastLength)
        shifted["list"] = Array(kept)
        shifted["cnt"] = kept.count
        return shifted
    }

    /// The first 3-hour slot (00:00, 03:00, … UTC) strictly after `now`.
    static func nextSlot(after now: Date) -> Int {
        (floorDivision(seconds(now), slot) + 1) * slot
    }

    private static func entries(_ list: [Any], from start: Int, shiftedBy offset: Int) -> [Any] {
        list.filter { entry in time(entry).map { $0 + offset >= start } ?? false }
    }

    private static func shift(_ body: [String: Any], days: Int) -> [String: Any] {
        guard days != 0 else { return body }
        return walk(body, by: days * day) as? [String: Any] ?? body
    }

    private static func walk(_ value: Any, by seconds: Int) -> Any {
        if let array = value as? [Any] { return array.map { walk($0, by: seconds) } }
        guard let object = value as? [String: Any] else { return value }
        var out: [String: Any] = [:]
        for (key, child) in object {
            if ["dt", "sunrise", "sunset"].contains(key), let number = child as? NSNumber {
                out[key] = number.intValue + seconds
            } else if key == "dt_txt", let dt = time(object) {
                out[key] = FakeOpenWeatherMap.dateText(dt + seconds)
            } else {
                out[key] = walk(child, by: seconds)
            }
        }
        return out
    }

    private static func time(_ value: Any) -> Int? {
        ((value as? [String: Any])?["dt"] as? NSNumber)?.intValue
    }

    private static func seconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }

    static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    static func ceilingDivision(_ value: Int, _ divisor: Int) -> Int {
        -floorDivision(-value, divisor)
    }
}
