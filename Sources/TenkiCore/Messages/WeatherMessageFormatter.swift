import Foundation

/// Turns current weather into the Block Kit message people see. Pure: the same weather, place and
/// `now` always give the same JSON, which is what the golden tests pin.
public struct WeatherMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var visibility: SlackMessage.ResponseType

    public init(language: WeatherLanguage, visibility: SlackMessage.ResponseType = .inChannel) {
        self.strings = .table(for: language)
        self.visibility = visibility
    }

    /// - Parameters:
    ///   - place: the place as geocoding resolved it; nil when the user gave coordinates, and
    ///     then OpenWeatherMap's own name for the spot is shown.
    ///   - alternatives: other geocoding matches, named briefly so the user can pick one.
    ///   - now: the current time, for the place's local clock.
    ///   - staleAge: seconds since the weather was fetched, when it is an older answer served
    ///     because the weather service is failing; shown first in the context line so nobody
    ///     mistakes it for the weather now. Nil for a fresh answer.
    public func current(
        _ weather: CurrentWeather, place: Place?, alternatives: [Place] = [], now: Date, command: String = "/weather",
        staleAge: TimeInterval? = nil
    ) -> SlackMessage {
        let title = place.map(Self.title(of:)) ?? Self.title(name: weather.placeName, state: nil, country: weather.countryCode)
        let condition = weather.primaryCondition
        let emoji = condition?.emoji ?? WeatherEmoji.neutral
        let description = Self.capitalisedFirst(weather.conditions.map(\.description).joined(separator: ", "))
        let temperature = Self.temperature(weather.temperature, weather.units)

        var headline = "*\(temperature)*"
        if let marker = TemperatureMarker.marker(for: weather.temperature, in: weather.units) { headline += " " + marker }
        if !description.isEmpty { headline += "  \(Mrkdwn.escape(description))" }
        if let feelsLike = weather.feelsLike {
            headline += "\n" + ReplyStrings.fill(strings.feelsLike, ["value": Self.temperature(feelsLike, weather.units)])
        }

        var blocks: [Block] = [
            .header("\(emoji) \(title)"),
            .section(Section(text: .markdown(headline), accessory: condition.flatMap(Self.icon(for:)))),
            .section(Section(fields: fields(for: weather))),
        ]
        var context: [ContextElement] = []
        if let staleAge {
            context.append(.markdown(strings.asOf(staleAge)))
        }
        if let offset = weather.utcOffsetSeconds {
            let time = ReplyStrings.fill(strings.localTime, ["time": Self.clock(now, offsetSeconds: offset), "offset": Self.offset(offset)])
            context.append(.markdown(time))
        }
        context.append(.markdown(strings.dataSource))
        blocks.append(.context(context))
        if !alternatives.isEmpty {
            let names = alternatives.prefix(4).map { Mrkdwn.escape(Self.title(of: $0)) }.joined(separator: " · ")
            let example = "\(command) \(alternatives[0].name), \(alternatives[0].countryCode)"
            blocks.append(.context(.markdown(ReplyStrings.fill(strings.alsoMatched, ["places": names, "example": example]))))
        }
        let fallback = Mrkdwn.fallback("\(emoji) \(title): \(temperature)" + (description.isEmpty ? "" : ", \(description)"))
        return SlackMessage(text: fallback, blocks: blocks, responseType: visibility)
    }

    private func fields(for weather: CurrentWeather) -> [TextObject] {
        var fields: [TextObject] = [.markdown("*\(strings.humidity)*\n\(weather.humidity)%")]
        var wind = "\(WindDirection.arrow(fromDegrees: weather.windDirectionDegrees)) \(Self.speed(weather.windSpeed, weather.units))"
        if let gust = weather.windGust {
            wind += " (" + ReplyStrings.fill(strings.gust, ["value": Self.speed(gust, weather.units)]) + ")"
        }
        fields.append(.markdown("*\(strings.wind)*\n\(wind.trimmingWhitespace())"))
        if let rain = weather.rain {
            fields.append(.markdown("*\(strings.rain)*\n\(Self.precipitation(rain))"))
        }
        if let snow = weather.snow {
            fields.append(.markdown("*\(strings.snow)*\n\(Self.precipitation(snow))"))
        }
        if let pressure = weather.pressure {
            fields.append(.markdown("*\(strings.pressure)*\n\(Int(pressure.rounded())) hPa"))
        }
        if let visibility = weather.visibility {
            let text = visibility >= 1000 ? Self.decimal(Double(visibility) / 1000) + " km" : "\(visibility) m"
            fields.append(.markdown("*\(strings.visibility)*\n\(text)"))
        }
        return fields
    }
}

extension WeatherMessageFormatter {
    /// `Portland, Oregon, US`: name (in the reply language when geocoding knows it), state, country.
    public static func title(of place: Place) -> String {
        title(name: place.displayName, state: place.state, country: place.countryCode)
    }

    static func title(name: String, state: String?, country: String?) -> String {
        [name, state, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// OpenWeatherMap's icon, which is not derivable from the condition id (`02n` for a clear night).
    static func icon(for condition: WeatherCondition) -> ImageElement? {
        guard condition.icon.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !condition.icon.isEmpty else { return nil }
        return ImageElement(url: "https://openweathermap.org/img/wn/\(condition.icon)@2x.png", altText: condition.description)
    }

    /// Whole degrees: decimals of a degree are noise in a chat message. `-0` is shown as `0`.
    static func temperature(_ value: Double, _ units: Units) -> String {
        "\(Int(value.rounded())) \(units.temperatureSymbol)"
    }

    static func speed(_ value: Double, _ units: Units) -> String {
        "\(decimal(value)) \(units.speedSymbol)"
    }

    static func precipitation(_ amount: PrecipitationAmount) -> String {
        "\(decimal(amount.millimetres)) mm / \(amount.period.rawValue)"
    }

    /// One decimal, without a trailing `.0`.
    static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// `HH:mm` at the place, from its UTC offset (no time-zone database needed).
    static func clock(_ now: Date, offsetSeconds: Int) -> String {
        let local = Int(now.timeIntervalSince1970.rounded(.down)) + offsetSeconds
        let minutesOfDay = ((local % 86_400 + 86_400) % 86_400) / 60
        let hours = minutesOfDay / 60, minutes = minutesOfDay % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// `+07:00`, `-03:30`, `+00:00`.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let hours = minutes / 60, rest = minutes % 60
        return sign + (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
