import Foundation

/// The next days at a place, one line per day: date, emoji, high / low, chance of rain. A
/// forecast with no days says so in one line instead of showing an empty list.
public struct ForecastMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var visibility: ChatMessage.Visibility

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public init(language: WeatherLanguage, visibility: ChatMessage.Visibility = .inChannel) {
        self.strings = .table(for: language)
        self.visibility = visibility
    }

    /// - Parameters:
    ///   - placeTitle: the place as the user should read it (`Da Nang, VN`).
    ///   - staleAge: set when the answer is an older one served because the provider failed.
    public func forecast(_ days: [DailyForecast], placeTitle: String, units: Units, staleContext: String? = nil) -> ChatMessage {
        guard !days.isEmpty else { return noForecast(placeTitle: placeTitle) }
        let title = ReplyStrings.fill(strings.forecastTitle, ["place": placeTitle])
        let lines = days.prefix(6).map { line(for: $0, units: units) }
        let summary = days.prefix(3).map { day in
            "\(dateLabel(day)) \(Self.degrees(day.high))/\(Self.degrees(day.low))"
        }.joined(separator: ", ")
        return .lines(
            lines, icon: "📅", title: title, context: [.markup(strings.dataSource)], staleContext: staleContext,
            summary: summary, visibility: visibility)
    }

    /// One line, only to the user who asked: there is nothing for the channel to read.
    func noForecast(placeTitle: String) -> ChatMessage {
        let line = RichText.markup("📅 ") + RichText.fill(strings.noForecast, ["place": .text(placeTitle)])
        return ChatMessage(summary: line, parts: [.paragraph(line, image: nil)], visibility: .ephemeral)
    }

    func line(for day: DailyForecast, units: Units) -> RichText {
        let emoji = day.condition.map { WeatherEmoji.emoji(forConditionID: $0.id, isNight: false) } ?? WeatherEmoji.neutral
        var text = "  \(emoji)  \(Self.degrees(day.high)) / \(Self.degrees(day.low)) \(units.temperatureSymbol)"
        if let marker = TemperatureMarker.marker(for: day.high, in: units) ?? TemperatureMarker.marker(for: day.low, in: units) {
            text += " " + marker
        }
        if let chance = day.chanceOfPrecipitation {
            text += "  💧 \(Int((chance * 100).rounded()))% \(strings.chanceOfRain)"
        }
        if let description = day.condition?.description, !description.isEmpty {
            text += "  · " + description
        }
        return .bold(dateLabel(day)) + .text(text)
    }

    func dateLabel(_ day: DailyForecast) -> String {
        let month = strings.language == .ja ? String(day.month) : Self.monthNames[max(0, min(11, day.month - 1))]
        return ReplyStrings.fill(strings.forecastDay, [
            "weekday": strings.weekdays[max(0, min(6, day.weekday))], "day": String(day.day), "month": month,
        ])
    }

    static func degrees(_ value: Double) -> String {
        "\(Int(value.rounded()))"
    }
}
