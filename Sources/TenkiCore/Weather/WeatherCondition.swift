/// One weather condition (OpenWeatherMap's `weather[]` entry). A response may hold several;
/// the first is the primary one.
public struct WeatherCondition: Sendable, Hashable, Codable {
    /// The condition id (200...804), see `WeatherEmoji`.
    public var id: Int
    /// The group in English (`Rain`, `Mist`); not localised, not unique per group.
    public var main: String
    /// Localised by `lang` (`晴天`, `light rain`).
    public var description: String
    /// The icon code (`10d`, `01n`).
    public var icon: String
}

extension WeatherCondition {
    public init(wire: OpenWeatherWire.Condition) {
        self.init(id: wire.id, main: wire.main, description: wire.description, icon: wire.icon)
    }

    /// Night per the icon's suffix (`01n`): the only day/night signal the API gives per condition.
    public var isNight: Bool { icon.hasSuffix("n") }

    /// The emoji for this condition and time of day.
    public var emoji: String { WeatherEmoji.emoji(forConditionID: id, isNight: isNight) }
}
