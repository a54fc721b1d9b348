import Foundation
import TenkiCore

/// The kinds of settings, each with its parser and the reference's default text derived from the
/// real default, so the reference cannot claim a default the code does not have.
extension Setting {
    /// A value of any type, parsed by `parse`; the other kinds are built on this.
    static func custom(
        _ name: String, default fallback: Value, defaultText: String, secret: Bool = false, urlCredentials: Bool = false,
        readers: SettingReaders, _ summary: String, parse: @escaping @Sendable (String) throws(SettingProblem) -> Value
    ) -> Setting {
        Setting(
            declaration: SettingDeclaration(
                name: name, summary: summary, defaultText: defaultText, isSecret: secret, readers: readers,
                hasURLCredentials: urlCredentials),
            fallback: fallback, parse: parse)
    }

    /// An IANA time zone, kept as its name (checked against the zone database when it is set). The
    /// `TimeZone` is built where a schedule needs one, so a start with no digest never opens the zone
    /// database: ICU's, which cost a start about half a millisecond and 0.3–0.6 MiB resident.
    static func timeZoneName(_ name: String, default fallback: String, readers: SettingReaders, _ summary: String) -> Setting
    where Value == String {
        custom(
            name, default: fallback, defaultText: "`\(fallback)`", readers: readers, summary, parse: SettingParsers.timeZoneName)
    }

    /// A whole number within `range`, converted to its unit by `convert` (milliseconds, hours).
    static func number(
        _ name: String, default fallback: Int, range: ClosedRange<Int>, readers: SettingReaders, _ summary: String,
        as convert: @escaping @Sendable (Int) -> Value
    ) -> Setting {
        // The reference gives the range beside the default: a value outside it is refused at start.
        let defaultText = "`\(fallback)` (from \(range.lowerBound) to \(range.upperBound))"
        return custom(name, default: convert(fallback), defaultText: defaultText, readers: readers, summary) {
            text throws(SettingProblem) in
            guard let value = Int(text), range.contains(value) else {
                throw SettingProblem(
                    "must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                    fix: "correct it or unset it for the default \(fallback)",
                    got: text)
            }
            return convert(value)
        }
    }

    /// One of a fixed set of words (case-insensitive); the first word of a value is its name in the reference.
    static func choice(
        _ name: String, default fallback: Value, options: [(word: String, value: Value)], readers: SettingReaders,
        _ summary: String
    ) -> Setting where Value: Equatable {
        let defaultWord = options.first { $0.value == fallback }?.word ?? "?"
        return custom(name, default: fallback, defaultText: "`\(defaultWord)`", readers: readers, summary) {
            text throws(SettingProblem) in
            guard let value = options.first(where: { $0.word == text.lowercased() })?.value else {
                let words = options.map(\.word).joined(separator: ", ")
                throw SettingProblem("has an unknown value", fix: "use one of \(words)", got: text)
            }
            return value
        }
    }

    /// An absolute http(s) URL; a userinfo password or query values in it are credentials.
    static func url(_ name: String, default fallback: String, readers: SettingReaders, _ summary: String) -> Setting
    where Value == URL {
        custom(
            name, default: URL(string: fallback)!, defaultText: "`\(fallback)`", urlCredentials: true, readers: readers, summary
        ) {
            text throws(SettingProblem) in
            try httpURL(text)
        }
    }

    static func httpURL(_ text: String) throws(SettingProblem) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty
        else {
            throw SettingProblem("is not an http(s) URL", fix: "set it to an absolute URL such as https://example.com", got: text)
        }
        return url
    }
}

extension Setting where Value == Int {
    /// A whole number within `range`.
    static func number(
        _ name: String, default fallback: Int, range: ClosedRange<Int>, readers: SettingReaders, _ summary: String
    ) -> Setting {
        number(name, default: fallback, range: range, readers: readers, summary, as: { $0 })
    }
}

extension Setting where Value == String? {
    /// Free text (a key, a path, a query); nil when absent.
    static func text(_ name: String, secret: Bool = false, none: String, readers: SettingReaders, _ summary: String) -> Setting {
        custom(name, default: nil, defaultText: none, secret: secret, readers: readers, summary) { text throws(SettingProblem) in
            text
        }
    }
}

extension Setting where Value == [String] {
    /// Items separated by `separator`, each trimmed; empty items are dropped, and a list of none is refused.
    static func list(
        _ name: String, separator: Character, secret: Bool = false, none: String, readers: SettingReaders, _ summary: String
    ) -> Setting {
        custom(name, default: [], defaultText: none, secret: secret, readers: readers, summary) { text throws(SettingProblem) in
            let items = text.split(separator: separator).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            guard !items.isEmpty else {
                throw SettingProblem("lists nothing", fix: "separate the items with \(separator), or unset it", got: text)
            }
            return items
        }
    }
}

extension Setting where Value == Bool {
    static func onOff(_ name: String, default fallback: Bool, readers: SettingReaders, _ summary: String) -> Setting {
        custom(name, default: fallback, defaultText: fallback ? "`on`" : "`off`", readers: readers, summary) {
            text throws(SettingProblem) in
            switch text.lowercased() {
            case "on", "true", "1", "yes": return true
            case "off", "false", "0", "no": return false
            default: throw SettingProblem("must be on or off", fix: "set it to on or off", got: text)
            }
        }
    }
}

extension Setting where Value: RawRepresentable & CaseIterable & Equatable, Value.RawValue == String {
    /// One of an enum's raw values.
    static func choice(_ name: String, default fallback: Value, readers: SettingReaders, _ summary: String) -> Setting {
        choice(name, default: fallback, options: Value.allCases.map { ($0.rawValue, $0) }, readers: readers, summary)
    }
}
