import Foundation

/// The morning digest as a message: a dated header, one line per city, up to five
/// headlines and a context line naming each data source once. Pure, like the other formatters, so the
/// same report always gives the same JSON.
///
/// City lines are grouped into sections of at most `citiesPerSection`, so a long city list never
/// runs into a section's 3,000-character limit and the block count stays far below 50.
public struct DigestMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public static let maximumHeadlines = 5
    static let citiesPerSection = 10
    /// Cities beyond this are left out: a digest is a glance, and Slack allows 50 blocks.
    public static let maximumCities = 40

    public init(language: WeatherLanguage) {
        self.strings = .table(for: language)
    }

    public func message(for report: DigestReport) -> ChatMessage {
        let title = ReplyStrings.fill(
            report.isChannelReport ? strings.reportTitle : strings.digestTitle, ["date": dateLabel(report.date)])
        var parts: [ChatMessage.Part] = [.title(title)]
        let lines = report.cities.prefix(Self.maximumCities).map { line(for: $0, units: report.units) }
        var start = 0
        while start < lines.count {
            let chunk = lines[start..<min(lines.count, start + Self.citiesPerSection)]
            parts.append(.paragraph(RichText.joined(Array(chunk), separator: "\n"), image: nil))
            start += Self.citiesPerSection
        }
        // Only the sources this digest used: no weather provider without cities, the feeds' names
        // for headlines from feeds.
        var sources = report.cities.isEmpty ? [] : [ReplyStrings.weatherProvider]
        switch report.headlines {
        case .articles(let articles):
            parts.append(.divider)
            parts.append(.paragraph(headlinesText(articles, foundNone: report.newsFoundNone), image: nil))
            sources += report.newsSources
        case .failed:
            parts.append(.divider)
            parts.append(.paragraph(.markup(strings.digestNewsFailed), image: nil))
        case .omitted:
            break
        }
        if !sources.isEmpty {
            // Text, not markup: a feed names itself, and its title is the feed's to choose.
            parts.append(.context([RichText.fill(strings.dataSources, ["sources": .text(sources.joined(separator: " · "))])]))
        }
        return ChatMessage(summary: .text(summary(title: title, report: report)), parts: parts)
    }

    /// `*Da Nang, VN*  ☁️ 32 °C  high 33 / low 26  💧 40% chance of rain  · Broken clouds`
    func line(for city: DigestReport.City, units: Units) -> RichText {
        switch city {
        case .failed(let query):
            return RichText.fill(strings.digestCityFailed, ["city": .text(query)])
        case .weather(let weather):
            let current = weather.current
            let emoji = current.primaryCondition?.emoji ?? WeatherEmoji.neutral
            var text = "  \(emoji) \(Self.degrees(current.temperature)) \(units.temperatureSymbol)"
            if let today = weather.today {
                text += "  " + ReplyStrings.fill(strings.digestHighLow, [
                    "high": Self.degrees(today.high), "low": Self.degrees(today.low),
                ])
                if let chance = today.chanceOfPrecipitation {
                    text += "  💧 \(Int((chance * 100).rounded()))% \(strings.chanceOfRain)"
                }
            }
            let description = current.conditions.map(\.description).joined(separator: ", ")
            if !description.isEmpty {
                text += "  · " + Self.capitalisedFirst(description)
            }
            return .bold(weather.title) + .text(text)
        }
    }

    func headlinesText(_ articles: [NewsArticle], foundNone: Bool = false) -> RichText {
        let heading = RichText.bold(strings.digestHeadlines) + .text("\n")
        guard !articles.isEmpty else {
            return heading + .markup(foundNone ? strings.digestNoHeadlines : strings.digestNoNewHeadlines)
        }
        let lines = articles.prefix(Self.maximumHeadlines).map { article in
            RichText.text("• ") + .link(article.url.absoluteString, title: article.title.truncated(to: 200))
                + .text(" · " + article.sourceName.truncated(to: 60))
        }
        return heading + RichText.joined(lines, separator: "\n")
    }

    func dateLabel(_ date: DigestReport.LocalDate) -> String {
        let month = strings.language == .ja
            ? String(date.month) : ForecastMessageFormatter.monthNames[max(0, min(11, date.month - 1))]
        return ReplyStrings.fill(strings.digestDate, [
            "weekday": strings.weekdays[max(0, min(6, date.weekday))], "day": String(date.day), "month": month,
            "year": String(date.year),
        ])
    }

    /// The notification text: the title and each city's temperature.
    func summary(title: String, report: DigestReport) -> String {
        let temperatures = report.cities.prefix(Self.maximumCities).compactMap { city -> String? in
            guard case .weather(let weather) = city else { return nil }
            return "\(weather.title) \(Self.degrees(weather.current.temperature)) \(report.units.temperatureSymbol)"
        }
        return temperatures.isEmpty ? title : title + ": " + temperatures.joined(separator: ", ")
    }

    static func degrees(_ value: Double) -> String {
        "\(Int(value.rounded()))"
    }

    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
