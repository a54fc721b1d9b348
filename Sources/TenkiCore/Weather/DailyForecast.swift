import Foundation

/// One day of a forecast as people read it: the place's own calendar day, its high and low, its
/// chance of rain, and the condition that best describes it.
public struct DailyForecast: Sendable, Hashable {
    /// The local calendar date at the place, as `yyyy-MM-dd` parts (no time zone database needed).
    public var year: Int
    public var month: Int
    public var day: Int
    /// 0 = Sunday … 6 = Saturday, at the place.
    public var weekday: Int
    public var high: Double
    public var low: Double
    /// The highest probability of precipitation of the day's steps (0...1), when the API sent one.
    public var chanceOfPrecipitation: Double?
    public var condition: WeatherCondition?

    public init(year: Int, month: Int, day: Int, weekday: Int, high: Double, low: Double, chanceOfPrecipitation: Double?, condition: WeatherCondition?) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.high = high
        self.low = low
        self.chanceOfPrecipitation = chanceOfPrecipitation
        self.condition = condition
    }

    /// Groups 3-hour steps by the place's local date (from its UTC offset). A day's high and low
    /// come from its steps; today's also from the current temperature, so "today" never shows a
    /// high below what it is right now. The condition is the daytime step nearest local noon. The
    /// last day is left out when the forecast ends before its local noon (five days of 3-hour steps
    /// end partway through a sixth): its "high" would be a night's.
    public static func days(from forecast: Forecast, current: CurrentWeather? = nil, now: Date) -> [DailyForecast] {
        let offset = forecast.utcOffsetSeconds ?? current?.utcOffsetSeconds ?? 0
        var order: [Int] = []
        var groups: [Int: [Forecast.Entry]] = [:]
        for entry in forecast.entries {
            let key = localDayNumber(entry.time, offset: offset)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(entry)
        }
        let today = localDayNumber(now, offset: offset)
        if let last = order.last, last > today, let latest = groups[last]?.map(\.time).max(),
            latest.timeIntervalSince1970 < TimeInterval(last * 86_400 + 12 * 3600 - offset)
        {
            order.removeLast()
        }
        return order.filter { $0 >= today }.compactMap { key -> DailyForecast? in
            guard let entries = groups[key], !entries.isEmpty else { return nil }
            var high = entries.map { $0.temperatureMax ?? $0.temperature }.max() ?? entries[0].temperature
            var low = entries.map { $0.temperatureMin ?? $0.temperature }.min() ?? entries[0].temperature
            if key == today, let current {
                high = max(high, current.temperature)
                low = min(low, current.temperature)
            }
            let chances = entries.compactMap(\.precipitationProbability)
            let noon = TimeInterval(key * 86_400 + 12 * 3600 - offset)
            let representative = entries.min { abs($0.time.timeIntervalSince1970 - noon) < abs($1.time.timeIntervalSince1970 - noon) }
            let date = CivilDate(dayNumber: key)
            return DailyForecast(
                year: date.year, month: date.month, day: date.day, weekday: CivilDate.weekday(ofDayNumber: key),
                high: high, low: low, chanceOfPrecipitation: chances.max(), condition: representative?.primaryCondition)
        }
    }

    /// Days since 1970-01-01 at the place.
    static func localDayNumber(_ date: Date, offset: Int) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        return seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }
}
