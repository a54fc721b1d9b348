import Foundation

/// Turns current weather into the message people see. Pure: the same weather, place and `now`
/// always give the same message, which is what the golden tests pin.
public struct WeatherMessageFormatter: Sendable {
    public var strings: ReplyStrings
    public var visibility: ChatMessage.Visibility

    public init(language: WeatherLanguage, visibility: ChatMessage.Visibility = .inChannel) {
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
    ) -> ChatMessage {
        let title = place.map(Self.title(of:)) ?? Self.title(name: weather.placeName, state: nil, country: weather.countryCode)
        let condition = weather.primaryCondition
        let emoji = condition?.emoji ?? WeatherEmoji.neutral
        let description = Self.capitalisedFirst(weather.conditions.map(\.description).joined(separator: ", "))
        let temperature = Self.temperature(weather.temperature, weather.units)

        var headline = RichText.bold(temperature)
        if let marker = TemperatureMarker.marker(for: weather.temperature, in: weather.units) { headline += .text(" " + marker) }
        if !description.isEmpty { headline += .text("  " + description) }
        if let feelsLike = weather.feelsLike {
            headline += .text("\n") + .markup(ReplyStrings.fill(strings.feelsLike, ["value": Self.temperature(feelsLike, weather.units)]))
        }

        var parts: [ChatMessage.Part] = [
            .title("\(emoji) \(title)"),
            .paragraph(headline, image: condition.flatMap(Self.icon(for:))),
            .fields(fields(for: weather)),
        ]
        var context: [RichText] = []
        if let staleAge {
            context.append(.markup(strings.asOf(staleAge)))
        }
        if let offset = weather.utcOffsetSeconds {
            let time = ReplyStrings.fill(strings.localTime, ["time": Self.clock(now, offsetSeconds: offset), "offset": Self.offset(offset)])
            context.append(.markup(time))
        }
        context.append(.markup(strings.dataSource))
        parts.append(.context(context))
        if !alternatives.isEmpty {
            let names = alternatives.prefix(4).map { Self.title(of: $0) }.joined(separator: " · ")
            let example = "\(command) \(alternatives[0].name), \(alternatives[0].countryCode)"
            parts.append(.context([RichText.fill(strings.alsoMatched, ["places": .text(names), "example": .literal(example)])]))
        }
        let summary = "\(emoji) \(title): \(temperature)" + (description.isEmpty ? "" : ", \(description)")
        return ChatMessage(summary: .text(summary), parts: parts, visibility: visibility)
    }

    private func fields(for weather: CurrentWeather) -> [ChatField] {
        var fields = [ChatField(name: strings.humidity, value: .text("\(weather.humidity)%"))]
        var wind = "\(WindDirection.arrow(fromDegrees: weather.windDirectionDegrees)) \(Self.speed(weather.windSpeed, weather.units))"
        if let gust = weather.windGust {
            wind += " (" + ReplyStrings.fill(strings.gust, ["value": Self.speed(gust, weather.units)]) + ")"
        }
        fields.append(ChatField(name: strings.wind, value: .text(wind.trimmingWhitespace())))
        if let rain = weather.rain {
            fields.append(ChatField(name: strings.rain, value: .text(Self.precipitation(rain))))
        }
        if let snow = weather.snow {
            fields.append(ChatField(name: strings.snow, value: .text(Self.precipitation(snow))))
        }
        if let pressure = weather.pressure {
            fields.append(ChatField(name: strings.pressure, value: .text("\(Int(pressure.rounded())) hPa")))
        }
        if let visibility = weather.visibility {
            let text = visibility >= 1000 ? Self.decimal(Double(visibility) / 1000) + " km" : "\(visibility) m"
            fields.append(ChatField(name: strings.visibility, value: .text(text)))
        }
        return fields
    }
}

extension WeatherMessageFormatter {
    /// `Portland, Oregon, US`: name (in the reply language when geocoding knows it), state, country.
    public static func title(of place: Place) -> String {
        title(name: place.displayName, state: place.state, country: place.countryCode)
    }

    public static func title(name: String, state: String?, country: String?) -> String {
        [name, state, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// OpenWeatherMap's icon, which is not derivable from the condition id (`02n` for a clear night).
    static func icon(for condition: WeatherCondition) -> ChatImage? {
        guard condition.icon.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !condition.icon.isEmpty else { return nil }
        return ChatImage(url: "https://openweathermap.org/img/wn/\(condition.icon)@2x.png", altText: condition.description)
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
