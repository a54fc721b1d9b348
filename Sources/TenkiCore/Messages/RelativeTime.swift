import Foundation

/// "3 h ago" / "3時間前": how long ago something happened, coarse on purpose: a headline's age
/// matters to the hour, not the second.
public enum RelativeTime {
    public static func ago(_ date: Date, now: Date, strings: ReplyStrings) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return strings.justNow
        case ..<3600: return ReplyStrings.fill(strings.minutesAgo, ["n": String(seconds / 60)])
        case ..<86_400: return ReplyStrings.fill(strings.hoursAgo, ["n": String(seconds / 3600)])
        default: return ReplyStrings.fill(strings.daysAgo, ["n": String(seconds / 86_400)])
        }
    }
}
