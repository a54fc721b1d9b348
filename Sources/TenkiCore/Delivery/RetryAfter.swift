import Foundation

/// The `Retry-After` header (RFC 9110, section 10.2.3): either delta-seconds (`30`) or an
/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
///
/// Parsed by hand: a `DateFormatter` per call is slow and locale-sensitive, and this runs on every
/// 429. The obsolete RFC 850 and asctime date forms are not accepted (nil), and the caller then
/// falls back to its own backoff.
public enum RetryAfter {
    /// Seconds to wait from `now`; never negative (a date in the past means "now"); nil when the
    /// header is neither form.
    public static func parse(_ header: String, now: Date) -> TimeInterval? {
        let value = header.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Absurdly long digit strings saturate instead of failing.
            return TimeInterval(Int(value.prefix(12)) ?? 0)
        }
        guard let date = parseIMFFixdate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Discord's JSON body of a 429, `{"retry_after": 1.5, ...}` in seconds, for when the header
    /// is missing; nil for any other body, a negative or non-finite number.
    public static func parse(jsonBody body: String) -> TimeInterval? {
        struct RateLimited: Decodable { var retry_after: Double? }
        guard let seconds = try? JSONDecoder().decode(RateLimited.self, from: Data(body.utf8)).retry_after,
              seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`: day name, 2-digit day, month name, 4-digit year, time, GMT.
    static func parseIMFFixdate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "),
            String(decoding: bytes[26...], as: UTF8.self) == "GMT",
            dayNames.contains(String(decoding: bytes[0..<3], as: UTF8.self)),
            let day = number(bytes[5..<7]), bytes[7] == UInt8(ascii: " "),
            let monthIndex = monthNames.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
            bytes[11] == UInt8(ascii: " "), let year = number(bytes[12..<16]), bytes[16] == UInt8(ascii: " "),
            let hour = number(bytes[17..<19]), bytes[19] == UInt8(ascii: ":"),
            let minute = number(bytes[20..<22]), bytes[22] == UInt8(ascii: ":"),
            let second = number(bytes[23..<25]), bytes[25] == UInt8(ascii: " "),
            (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilDate(year: year, month: monthIndex + 1, day: day).dayNumber
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
