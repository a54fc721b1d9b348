/// Why an OpenWeatherMap call produced no result (see `ProviderError`).
public typealias OpenWeatherError = ProviderError<OpenWeatherMap>

/// OpenWeatherMap, as its errors name it.
public enum OpenWeatherMap: ProviderAPI {
    public static let displayName = "OpenWeatherMap"
    /// The body's `cod`, as sent (`"404"` or `401`).
    public static let codeField = "cod"

    public typealias Kind = APIErrorKind

    /// Which client call failed.
    public enum Operation: String, Sendable, Equatable {
        case geocode
        case currentWeather = "current-weather"
        case forecast
        case airPollution = "air-pollution"
    }
}
