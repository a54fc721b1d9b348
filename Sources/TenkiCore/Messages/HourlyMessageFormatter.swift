import Foundation

/// The next 24 hours at a place, one line per 3-hour step: the place's local time, emoji,
/// temperature, chance of rain. Pure. No steps is said in one line, as the forecast says it.
public struct HourlyMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var viewStrings: WeatherViewStrings
    public var visibility: ChatMessage.Visibility

    public init(language: WeatherLanguage, visibility: ChatMessage.Visibility = .inChannel) {
        self.strings = .table(for: language)
        self.viewStrings = .table(for: language)
        self.visibility = visibility
    }

    /// - Parameters:
    ///   - utcOffsetSeconds: the place's offset from UTC, for its local times (nil: UTC).
    ///   - staleContext: set when the answer is an older one served because the provider failed.
    public func hourly(
        _ steps: [HourlyStep], utcOffsetSeconds: Int?, placeTitle: String, units: Units, staleContext: String? = nil
    ) -> ChatMessage {
        guard !steps.isEmpty else {
            return ForecastMessageFormatter(language: strings.language).noForecast(placeTitle: placeTitle)
        }
        let offset = utcOffsetSeconds ?? 0
        let title = ReplyStrings.fill(viewStrings.hourlyTitle, ["place": placeTitle])
        let lines = steps.prefix(HourlyStep.stepsPerDay).map { line(for: $0, offset: offset, units: units) }
        let context: [RichText] = [
            .markup(ReplyStrings.fill(viewStrings.hourlyTimes, ["offset": WeatherMessageFormatter.offset(offset)])),
            .markup(strings.dataSource),
        ]
        let summary = steps.prefix(4).map { step in
            let time = WeatherMessageFormatter.clock(step.time, offsetSeconds: offset)
            return "\(time) \(ForecastMessageFormatter.degrees(step.temperature))°"
        }.joined(separator: ", ")
        return .lines(
            lines, icon: "🕒", title: title, context: context, staleContext: staleContext, summary: summary,
            visibility: visibility)
    }

    func line(for step: HourlyStep, offset: Int, units: Units) -> RichText {
        let emoji = step.condition?.emoji ?? WeatherEmoji.neutral
        var text = "  \(emoji)  \(WeatherMessageFormatter.temperature(step.temperature, units))"
        if let marker = TemperatureMarker.marker(for: step.temperature, in: units) { text += " " + marker }
        if let chance = step.chanceOfPrecipitation {
            text += "  💧 \(Int((min(max(chance, 0), 1) * 100).rounded()))%"
        }
        return .bold(label(step.time, offset: offset)) + .text(text)
    }

    /// `Tue 15:00` / `火 15:00`: the weekday too, because 24 hours cross a midnight.
    func label(_ time: Date, offset: Int) -> String {
        let weekday = CivilDate.weekday(ofDayNumber: DailyForecast.localDayNumber(time, offset: offset))
        return ReplyStrings.fill(viewStrings.hourlyStep, [
            "weekday": strings.weekdays[weekday], "time": WeatherMessageFormatter.clock(time, offsetSeconds: offset),
        ])
    }
}
