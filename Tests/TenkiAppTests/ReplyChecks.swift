import Foundation
import TenkiCore
import Testing

/// Checks of replies as a user reads them, shared by the any-hour suites: each records an issue
/// naming `context` and the offending text.
enum ReplyChecks {
    /// The forecast's text rendering (as `preview --format text` prints it) has one line per day,
    /// at least five of them, each starting with its weekday (`Tue 1 Dec`, `12月1日(火)`), on
    /// consecutive days, each ending with a description in the reply's language.
    static func forecastHasDays(_ message: SlackMessage, language: WeatherLanguage, context: String) {
        let text = MessageTextRenderer.render(message)
        let days = dayLines(text)
        #expect(days.count >= 5, "\(context): \(days.count) days in\n\(text)")
        let strings = ReplyStrings.table(for: language)
        let weekdays = days.map { line in strings.weekdays.firstIndex { weekday in startsWith(line, weekday: weekday, language) }
        }
        #expect(!weekdays.contains(nil), "\(context): a day line does not start with its weekday\n\(text)")
        let indexes = weekdays.compactMap { $0 }
        #expect(zip(indexes, indexes.dropFirst()).allSatisfy { ($0 + 1) % 7 == $1 }, "\(context): days not consecutive\n\(text)")
        for line in days {
            let description = line.components(separatedBy: "· ").last ?? ""
            Self.description(description, language: language, context: "\(context): \(line)")
        }
    }

    /// The lines between the header's underline and the context line.
    static func dayLines(_ text: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let underline = lines.firstIndex(where: { $0.hasPrefix("===") }) else { return [] }
        return lines[(underline + 1)...].prefix { !$0.hasPrefix("  ") }
    }

    static func startsWith(_ line: String, weekday: String, _ language: WeatherLanguage) -> Bool {
        switch language {
        case .en: line.hasPrefix(weekday + " ")
        case .ja: line.range(of: #"^\d{1,2}月\d{1,2}日\("# + weekday + #"\)"#, options: .regularExpression) != nil
        }
    }

    /// A description in the reply's language: Japanese characters and no Latin letters in a
    /// Japanese reply, Latin letters and no Japanese characters in an English one.
    static func description(_ description: String, language: WeatherLanguage, context: String) {
        let japanese = description.unicodeScalars.contains { isJapanese($0) }
        let latin = description.unicodeScalars.contains { $0.isASCII && CharacterSet.letters.contains($0) }
        switch language {
        case .ja: #expect(japanese && !latin, "\(context): description \"\(description)\" is not Japanese")
        case .en: #expect(latin && !japanese, "\(context): description \"\(description)\" is not English")
        }
    }

    static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
    }

    /// The description of a current-weather reply: the headline section's first line after the
    /// bold temperature (`*31 °C*  Broken clouds`).
    static func currentDescription(_ message: SlackMessage) -> String {
        for block in message.blocks {
            guard case .section(let section) = block, let text = section.text?.text, text.hasPrefix("*") else { continue }
            let headline = text.split(separator: "\n").first.map(String.init) ?? ""
            return headline.components(separatedBy: "*  ").last ?? ""
        }
        return ""
    }

    /// Every city line has high, low and chance of rain and a description in the reply's language,
    /// and the context line names each source once.
    static func digestCitiesAreComplete(_ message: SlackMessage, count: Int, language: WeatherLanguage, context: String) {
        let strings = ReplyStrings.table(for: language)
        let highLow = ReplyStrings.fill(strings.digestHighLow, ["high": "-?[0-9]+", "low": "-?[0-9]+"])
        var cityLines: [String] = []
        var contextLines: [String] = []
        for block in message.blocks {
            switch block {
            case .section(let section):
                let lines = (section.text?.text ?? "").split(separator: "\n").map(String.init)
                cityLines += lines.filter { line in
                    line == strings.digestNewsFailed
                        ? false
                        : line.hasPrefix("*") && !line.hasPrefix("*\(strings.digestHeadlines)") || line.hasPrefix("⚠️")
                }
            case .context(let elements):
                contextLines += elements.compactMap { if case .text(let text) = $0 { text.text } else { nil } }
            default:
                break
            }
        }
        #expect(
            cityLines.count == count,
            "\(context): \(cityLines.count) city lines of \(count)\n\(cityLines.joined(separator: "\n"))")
        for line in cityLines {
            #expect(line.range(of: highLow, options: .regularExpression) != nil, "\(context): no high and low in \(line)")
            #expect(
                line.range(of: "💧 [0-9]+% " + strings.chanceOfRain, options: .regularExpression) != nil,
                "\(context): no rain in \(line)")
            Self.description(line.components(separatedBy: "  · ").last ?? "", language: language, context: "\(context): \(line)")
        }
        let sources = contextLines.joined(separator: " ")
        for name in ["OpenWeatherMap", "NewsAPI.org", String(strings.dataSource.prefix { $0 != ":" })] {
            #expect(
                sources.components(separatedBy: name).count == 2,
                "\(context): \"\(name)\" not named exactly once in \"\(sources)\"")
        }
    }
}
