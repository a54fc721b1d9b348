import Foundation

/// Parses the timestamps NewsAPI sends in `publishedAt`: `2024-06-18T16:22:03Z`, with fractional
/// seconds (`…03.123Z`, `…03.1234567Z`) or with an offset (`+00:00`, `+0900`).
///
/// A hand parser rather than `ISO8601DateFormatter`: the formatter needs a separate instance per
/// option set (with and without fractions), is not `Sendable`, and is slow to create. This one is
/// pure arithmetic, safe from any task, and rejects what it does not understand with nil.
public enum ISO8601Timestamp {
    public static func parse(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.trimmingCharacters(in: .whitespaces).utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), (1...12).contains(month), reader.skip("-"),
            let day = reader.number(digits: 2), (1...daysInMonth(month, year: year)).contains(day),
            reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
            let minute = reader.number(digits: 2), minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if reader.skip(":") {
            guard let value = reader.number(digits: 2), value < 61 else { return nil }
            second = value
            if reader.skip(".") || reader.skip(",") {
                guard let digits = reader.digits(), !digits.isEmpty else { return nil }
                fraction = Double("0." + digits) ?? 0
            }
        }
        guard let offset = reader.offset(), reader.atEnd else { return nil }
        let days = CivilDate(year: year, month: month, day: day).dayNumber
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }


    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard position < bytes.count, let ascii = character.asciiValue, bytes[position] == ascii else { return false }
            position += 1
            return true
        }

        mutating func number(digits count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<(position + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        mutating func digits() -> String? {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// Seconds east of UTC: `Z` is 0, `+09:00` and `+0900` are 32400. None at all is read as UTC.
        mutating func offset() -> Int? {
            if atEnd || skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2), hours < 24 else { return nil }
            _ = skip(":")
            guard let minutes = number(digits: 2), minutes < 60 else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
