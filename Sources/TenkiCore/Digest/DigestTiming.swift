import Foundation

/// When a digest is due: the slot rule (docs/digest.md), pure so that it is tested on tables and shared
/// by the in-process scheduler and `tenki digest`.
///
/// The slot is the schedule's latest fire time at or before `now + lead`. `tenki digest` uses a
/// lead of 5 minutes, so a cron job or timer that starts a little early (or a CronJob whose pod
/// starts a little late) still finds the intended slot; the scheduler fires on time with no lead.
/// A slot older than the catch-up window is missed: after a long outage a digest about yesterday's
/// morning would be noise, so it is logged and skipped instead. A window of 0 means "only on time":
/// within `onTimeTolerance` of the slot, since a woken scheduler always runs a little after it.
public struct DigestTiming: Sendable {
    public var schedule: CronSchedule
    public var timeZone: TimeZone
    /// How long after its slot a digest may still be posted (TENKI_DIGEST_CATCH_UP_MINUTES).
    public var catchUpWindow: TimeInterval
    /// How far ahead of `now` a slot may lie and still count as now.
    public var lead: TimeInterval

    /// How late after its slot a digest still counts as on time, whatever the window (also 0):
    /// a scheduler's sleep ends milliseconds after the slot, seconds on a loaded machine.
    public static let onTimeTolerance: TimeInterval = 60

    /// `tenki digest`'s lead: a run up to 5 minutes early still posts the slot.
    public static let commandLead: TimeInterval = 5 * 60

    public init(schedule: CronSchedule, timeZone: TimeZone, catchUpWindow: TimeInterval, lead: TimeInterval = 0) {
        self.schedule = schedule
        self.timeZone = timeZone
        self.catchUpWindow = catchUpWindow
        self.lead = lead
    }

    public enum Decision: Sendable, Equatable {
        /// The slot is within the catch-up window: post it unless the ledger has it.
        case due(slot: Date)
        /// The slot is older than the window: skip it (and say so once).
        case missed(slot: Date)
        /// The schedule has never fired (within the search horizon).
        case none
    }

    public func decide(now: Date) -> Decision {
        guard let slot = schedule.latestFire(atOrBefore: now.addingTimeInterval(lead), in: timeZone) else { return .none }
        let window = max(catchUpWindow, Self.onTimeTolerance)
        return now.timeIntervalSince(slot) <= window ? .due(slot: slot) : .missed(slot: slot)
    }

    /// The first slot after the one `decide(now:)` considers: what "no digest due (next: …)" names,
    /// and when the scheduler wakes next.
    public func nextSlot(after now: Date) -> Date? {
        schedule.nextFire(after: now.addingTimeInterval(lead), in: timeZone)
    }

    /// `2026-12-01 07:30 Asia/Tokyo (2026-11-30T22:30:00Z)`: local wall time for people, UTC for logs.
    public func describe(_ instant: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        // Foundation on Linux names `UTC` "GMT"; say it the way operators configure it.
        let zone = timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier
        return "\(formatter.string(from: instant)) \(zone) (\(ISO8601DateFormatter().string(from: instant)))"
    }
}
