import Foundation

/// A channel's standing order: a morning report of a place at a local time, or rain alerts for
/// a place. Saved only once its place was geocoded, so it carries the place's coordinates and
/// full title and never geocodes again.
public struct Subscription: Sendable, Equatable, Identifiable {
    /// Positive, never reused; what `/weather unsubscribe ID` takes.
    public var id: Int64
    public var team: String
    public var channel: String
    public var kind: Kind
    /// The place as the confirmation named it (`Da Nang, VN`) and where it is.
    public var title: String
    public var coordinates: Coordinates
    /// An IANA zone identifier: the report's clock and the rain alerts' quiet hours.
    public var timeZone: String
    public var language: WeatherLanguage
    public var units: Units
    /// Who subscribed, and when.
    public var createdBy: String
    public var createdAt: Date
    /// Posts that went dead one after another; the third pauses the subscription.
    public var deadInARow: Int
    /// Why it stopped posting (the last dead post's reason); nil while active.
    public var pausedReason: String?
    /// The Slack installation whose bot token posts it and whose uninstall removes it: an
    /// org-wide install's enterprise id, else the team (which it is unless told otherwise).
    public var installationKey: String

    public enum Kind: Sendable, Equatable {
        case morning(LocalTime, ReportDays)
        case rain
    }

    /// Posts that may go dead in a row before a subscription is paused.
    public static let deadPostsBeforePause = 3

    public init(
        id: Int64, team: String, channel: String, kind: Kind, title: String, coordinates: Coordinates, timeZone: String,
        language: WeatherLanguage, units: Units, createdBy: String, createdAt: Date, deadInARow: Int = 0,
        pausedReason: String? = nil, installationKey: String? = nil
    ) {
        self.id = id
        self.team = team
        self.channel = channel
        self.kind = kind
        self.title = title
        self.coordinates = coordinates
        self.timeZone = timeZone
        self.language = language
        self.units = units
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.deadInARow = deadInARow
        self.pausedReason = pausedReason
        self.installationKey = installationKey ?? team
    }

    /// The name its ledger slots are kept under, apart from every digest's (digest names are
    /// `[A-Za-z0-9_-]`, so none has a colon).
    public var ledgerName: String { "subscription:\(id)" }

    /// The zone, or UTC when the system no longer knows it.
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")! }

    /// A morning report's slots as a cron schedule in `zone` (nil for rain alerts), so reports
    /// follow the digests' rules: one slot a day at the local time, DST gaps and repeats included.
    public var schedule: CronSchedule? {
        guard case .morning(let time, let days) = kind else { return nil }
        return try? CronSchedule(parsing: "\(time.minute) \(time.hour) * * \(days.cronField)")
    }

    /// The next report after `now`; nil for rain alerts.
    public func nextReport(after now: Date) -> Date? {
        schedule?.nextFire(after: now, in: zone)
    }
}
