import Foundation

/// The subscription words of `/weather`, read from the command's text:
///
///     /weather subscribe Danang                      a morning report at 07:30, daily, in the caller's zone
///     /weather subscribe Danang at 6:45 weekdays     …at 06:45, Monday to Friday
///     /weather subscribe Danang 7am Asia/Ho_Chi_Minh …in a zone named explicitly
///     /weather subscribe rain Danang                 a rain alert
///     /weather subscriptions                         this channel's subscriptions
///     /weather unsubscribe 3 | Danang | all          removes them
///
/// and in Japanese: `購読 ダナン 7時30分 平日`, `購読 雨 ダナン`, `購読一覧`, `解除 3`, `解除 すべて`.
/// Times: see `LocalTime.read` (a bare number only after `at`). The time, the days and the zone
/// may come in any order after the place; every other word belongs to the place. Pure: the zone
/// is checked against the system's zone names, the place is geocoded later, before anything is saved.
public enum SubscriptionCommand: Sendable, Equatable {
    case subscribe(MorningReport)
    case subscribeRain(place: String)
    case list
    case unsubscribe(Target)
    /// The words were a subscription command, but not a usable one.
    case invalid(Problem)

    public struct MorningReport: Sendable, Equatable {
        public var place: String
        public var time: LocalTime = .defaultReport
        public var days: ReportDays = .daily
        /// An IANA zone the caller named; nil: the caller's Slack zone, else `TENKI_TIMEZONE`.
        public var zone: String?
    }

    public enum Target: Sendable, Equatable {
        case id(Int64)
        case place(String)
        case all
    }

    public enum Problem: Sendable, Equatable {
        case missingPlace
        case invalidTime(String)
        case unknownZone(String)
        /// Two times, two day rules or two zones.
        case repeated(String)
        case missingTarget
        /// An unsubscribe target with no letter or digit (`%`, `?`, `-`, an emoji): as a place it
        /// would fold to nothing, a prefix of every place.
        case targetWithoutLetters(String)
    }

    /// Nil when the text is not a subscription command (an ordinary `/weather` lookup).
    public init?(text: String) {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let first = words.first?.lowercased() else { return nil }
        let rest = Array(words.dropFirst())
        switch first {
        case "subscribe", "購読":
            self = Self.subscription(rest)
        case "subscriptions", "購読一覧":
            self = .list
        case "unsubscribe", "解除", "購読解除":
            self = Self.unsubscription(rest)
        default:
            return nil
        }
    }

    private static func subscription(_ words: [String]) -> SubscriptionCommand {
        if let first = words.first?.lowercased(), first == "rain" || first == "雨" {
            let place = words.dropFirst().joined(separator: " ")
            return place.isEmpty ? .invalid(.missingPlace) : .subscribeRain(place: place)
        }
        var report = MorningReport(place: "")
        var seen: Set<String> = []
        var place: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let lower = word.lowercased()
            let afterAt = lower == "at" && index + 1 < words.count
            let candidate = afterAt ? words[index + 1] : word
            switch LocalTime.read(candidate, bare: afterAt) {
            case .time(let time):
                guard seen.insert("time").inserted else { return .invalid(.repeated(candidate)) }
                report.time = time
                index += afterAt ? 2 : 1
                continue
            case .invalid:
                return .invalid(.invalidTime(candidate))
            case .notATime:
                break
            }
            if let days = ReportDays(word: lower) {
                guard seen.insert("days").inserted else { return .invalid(.repeated(word)) }
                report.days = days
            } else if let zone = Self.zone(word) {
                guard seen.insert("zone").inserted else { return .invalid(.repeated(word)) }
                guard let zone else { return .invalid(.unknownZone(word)) }
                report.zone = zone
            } else {
                place.append(word)
            }
            index += 1
        }
        report.place = place.joined(separator: " ")
        return report.place.isEmpty ? .invalid(.missingPlace) : .subscribe(report)
    }

    /// A letter (of any script) or a digit: what place names are matched by. Not a mark alone (an
    /// emoji's variation selector), a symbol or punctuation.
    public static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func unsubscription(_ words: [String]) -> SubscriptionCommand {
        let text = words.joined(separator: " ")
        switch text.lowercased() {
        case "": return .invalid(.missingTarget)
        case "all", "すべて", "全部": return .unsubscribe(.all)
        default:
            let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
            if let id = Int64(digits), id > 0 { return .unsubscribe(.id(id)) }
            guard text.unicodeScalars.contains(where: Self.isLetterOrDigit) else {
                return .invalid(.targetWithoutLetters(text))
            }
            return .unsubscribe(.place(text))
        }
    }

    /// A word that names a zone: `Area/City` or `UTC`. Nil: not zone-shaped (a place's word);
    /// `.some(nil)`: zone-shaped but unknown to the system.
    private static func zone(_ word: String) -> String?? {
        guard word.contains("/") || word == "UTC" || word == "GMT" else { return nil }
        return .some(TimeZone(identifier: word).map { _ in word })
    }
}

/// Which days a morning report is posted.
public enum ReportDays: String, Sendable, Equatable, CaseIterable {
    case daily
    /// Monday to Friday in the subscription's zone.
    case weekdays

    init?(word: String) {
        switch word {
        case "daily", "毎日": self = .daily
        case "weekdays", "平日": self = .weekdays
        default: return nil
        }
    }

    /// The cron day-of-week field.
    var cronField: String {
        switch self {
        case .daily: "*"
        case .weekdays: "1-5"
        }
    }
}
