/// The unit system of a reply, as OpenWeatherMap names it in its `units` query item
/// (and as `TENKI_UNITS` spells it). The API converts; Tenki only labels.
public enum Units: String, Sendable, CaseIterable, Hashable, Codable {
    case metric, imperial, standard

    /// The value of the `units` query item.
    public var queryValue: String { rawValue }

    /// `°C`, `°F` or `K` (Kelvin takes no degree sign).
    public var temperatureSymbol: String {
        switch self {
        case .metric: "°C"
        case .imperial: "°F"
        case .standard: "K"
        }
    }

    /// Wind speed: metres per second except in imperial, where OpenWeatherMap sends miles per hour.
    public var speedSymbol: String {
        switch self {
        case .metric, .standard: "m/s"
        case .imperial: "mph"
        }
    }
}

/// The language of a reply. OpenWeatherMap localises `description` and `name` by `lang`;
/// geocoding results carry `local_names` keyed by the same codes.
public enum WeatherLanguage: String, Sendable, CaseIterable, Hashable {
    case en, ja

    /// The value of the `lang` query item (OpenWeatherMap's code, which for these two is ISO 639-1).
    public var openWeatherCode: String { rawValue }
}
