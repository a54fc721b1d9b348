import Foundation

/// Reads the dates feeds write: RFC 822/1123 in `pubDate` (`Thu, 06 Feb 2025 20:45:46 +0700`, `Sat,
/// 28 Sep 2002 21:00:02 GMT`, `Wed, 23 Sep 2026 09:00:00 EDT`) and ISO 8601 in Atom and `dc:date`
/// (`2002-09-28T21:00:02Z`, `2023-02-07T12:34:56.789+09:00`, `2003-12-13`). Either form is accepted
/// in either place, since feeds mix them. Anything else is nil: an item without a date, not an error.
public enum FeedDate {
    public static func parse(_ text: String?) -> Date? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        if let first = trimmed.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            if let iso = ISO8601Timestamp.parse(trimmed) ?? dateOnly(trimmed) { return iso }
        }
        return rfc822(trimmed)
    }

    /// `2003-12-13`: midnight UTC.
    private static func dateOnly(_ text: String) -> Date? {
        let parts = text.split(separator: "-")
        guard text.utf8.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
            let day = Int(parts[2]), (1...12).contains(month), (1...ISO8601Timestamp.daysInMonth(month, year: year)).contains(day)
        else { return nil }
        return Date(timeIntervalSince1970: Double(CivilDate(year: year, month: month, day: day).dayNumber * 86_400))
    }

    /// `[Day,] D Mon YYYY HH:MM[:SS] [zone]`: day name optional and unchecked, one- or two-digit day,
    /// month name in any case (a full name works), a two-digit year is 19xx from 50 up, a missing
    /// zone is UTC.
    static func rfc822(_ text: String) -> Date? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        if let first = words.first, first.first?.isLetter == true { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]), let month = month(words[1]), var year = Int(words[2]) else {
            return nil
        }
        if words[2].count == 2 { year += year >= 50 ? 1900 : 2000 }
        guard (1...9999).contains(year), (1...ISO8601Timestamp.daysInMonth(month, year: year)).contains(day) else { return nil }
        let clock = words[3].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1], hour < 24, minute < 60 else {
            return nil
        }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second, second < 61 else { return nil }
        let offset: Int
        if words.count >= 5 {
            guard let zone = zoneOffset(words[4]) else { return nil }
            offset = zone
        } else {
            offset = 0
        }
        let days = CivilDate(year: year, month: month, day: day).dayNumber
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ word: String) -> Int? {
        let prefix = word.prefix(3).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    /// Seconds east of UTC for `+0700`, `-04:00`, `GMT`, `EST` and the other zone names feeds use.
    static func zoneOffset(_ zone: String) -> Int? {
        let utf8 = Array(zone.utf8)
        if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let digits = utf8.dropFirst().filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4, let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            let hours = value / 100, minutes = value % 100
            guard hours < 24, minutes < 60 else { return nil }
            return (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3_600 + minutes * 60)
        }
        return namedZones[zone.uppercased()].map { $0 * 3_600 }
    }

    /// RFC 822's names, plus the few others feeds write (BST for British summer time, JST, ICT, CET).
    static let namedZones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7, "BST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3, "JST": 9, "KST": 9, "ICT": 7,
        "HKT": 8, "SGT": 8, "AEST": 10, "AEDT": 11,
    ]
}
