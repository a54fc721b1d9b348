import Foundation

/// The morning digest as a Block Kit message: a dated header, one line per city, up to five
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

    public func message(for report: DigestReport) -> SlackMessage {
        let title = ReplyStrings.fill(strings.digestTitle, ["date": dateLabel(report.date)])
        var blocks: [Block] = [.header(title)]
        let lines = report.cities.prefix(Self.maximumCities).map { line(for: $0, units: report.units) }
        var start = 0
        while start < lines.count {
            let chunk = lines[start..<min(lines.count, start + Self.citiesPerSection)]
            blocks.append(Section.markdown(chunk.joined(separator: "\n")))
            start += Self.citiesPerSection
        }
        var sources = [ReplyStrings.weatherProvider]
        switch report.headlines {
        case .articles(let articles):
            blocks.append(.divider)
            blocks.append(Section.markdown(headlinesText(articles)))
            sources.append(ReplyStrings.newsProvider)
        case .failed:
            blocks.append(.divider)
            blocks.append(Section.markdown(strings.digestNewsFailed))
        case .omitted:
            break
        }
        let sourcesLine = ReplyStrings.fill(strings.dataSources, ["sources": sources.joined(separator: " · ")])
        blocks.append(.context([.markdown(sourcesLine)]))
        return SlackMessage(text: fallback(title: title, report: report), blocks: blocks)
    }

    /// `*Da Nang, VN*  ☁️ 32 °C  high 33 / low 26  💧 40% chance of rain  · Broken clouds`
    func line(for city: DigestReport.City, units: Units) -> String {
        switch city {
        case .failed(let query):
            return ReplyStrings.fill(strings.digestCityFailed, ["city": Mrkdwn.escape(query)])
        case .weather(let weather):
            let current = weather.current
            let emoji = current.primaryCondition?.emoji ?? WeatherEmoji.neutral
            var text = "*\(Mrkdwn.escape(weather.title))*  \(emoji) \(Self.degrees(current.temperature)) \(units.temperatureSymbol)"
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
                text += "  · " + Mrkdwn.escape(Self.capitalisedFirst(description))
            }
            return text
        }
    }

    func headlinesText(_ articles: [NewsArticle]) -> String {
        guard !articles.isEmpty else { return "*\(strings.digestHeadlines)*\n\(strings.digestNoNewHeadlines)" }
        let lines = articles.prefix(Self.maximumHeadlines).map { article in
            "• " + Mrkdwn.link(article.url.absoluteString, title: article.title.truncated(to: 200)) + " · "
                + Mrkdwn.escape(article.sourceName.truncated(to: 60))
        }
        return "*\(strings.digestHeadlines)*\n" + lines.joined(separator: "\n")
    }

    func dateLabel(_ date: DigestReport.LocalDate) -> String {
        let month = strings.language == .ja
            ? String(date.month) : ForecastMessageFormatter.monthNames[max(0, min(11, date.month - 1))]
        return ReplyStrings.fill(strings.digestDate, [
            "weekday": strings.weekdays[max(0, min(6, date.weekday))], "day": String(date.day), "month": month,
            "year": String(date.year),
        ])
    }

    /// The notification text: the title and each city's temperature, escaped and cut to a line.
    func fallback(title: String, report: DigestReport) -> String {
        let temperatures = report.cities.prefix(Self.maximumCities).compactMap { city -> String? in
            guard case .weather(let weather) = city else { return nil }
            return "\(weather.title) \(Self.degrees(weather.current.temperature)) \(report.units.temperatureSymbol)"
        }
        return Mrkdwn.fallback(temperatures.isEmpty ? title : title + ": " + temperatures.joined(separator: ", "))
    }

    static func degrees(_ value: Double) -> String {
        "\(Int(value.rounded()))"
    }

    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
