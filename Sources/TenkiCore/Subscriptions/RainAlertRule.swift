import Foundation

/// When a rain subscription speaks, as pure functions: the 3-hour forecast gives a chance of
/// precipitation of 60 % or more within the next 6 hours, outside the quiet hours 22:00–07:00 on
/// the subscription's clock, at most once per local day (its ledger slot is the day's midnight).
public enum RainAlertRule {
    public static let threshold = 0.6
    public static let window: TimeInterval = 6 * 3600
    /// How often every rain subscription's place is checked.
    public static let checkInterval: TimeInterval = 30 * 60
    public static let quietFromHour = 22
    public static let quietUntilHour = 7

    /// The first step that is under way or starts within `window` of `now` with a chance of at
    /// least `threshold`; nil when rain is not likely.
    public static func likelyRain(in forecast: Forecast, now: Date) -> Forecast.Entry? {
        forecast.entries.first { entry in
            entry.time > now.addingTimeInterval(-3 * 3600) && entry.time <= now.addingTimeInterval(window)
                && (entry.precipitationProbability ?? 0) >= threshold
        }
    }

    /// Whether `now` is in the quiet hours on `zone`'s clock.
    public static func isQuiet(_ now: Date, in zone: TimeZone) -> Bool {
        let hour = calendar(zone).component(.hour, from: now)
        return hour >= quietFromHour || hour < quietUntilHour
    }

    /// The local day's midnight as an instant: the one ledger slot a day's alert may claim.
    public static func day(of now: Date, in zone: TimeZone) -> Date {
        calendar(zone).startOfDay(for: now)
    }

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
