import Foundation

/// The weather now at one place, as Tenki shows it. Values are in `units`, which the request
/// chose (OpenWeatherMap converts; nothing here does arithmetic on units).
public struct CurrentWeather: Sendable, Hashable, Codable {
    /// The place name as OpenWeatherMap gave it for the coordinates and language (`東京都`).
    public var placeName: String
    public var countryCode: String?
    public var coordinates: Coordinates
    /// Primary condition first. Never empty when built from a response that had any.
    public var conditions: [WeatherCondition]
    public var units: Units
    public var temperature: Double
    /// Absent in responses before 2019.
    public var feelsLike: Double?
    public var temperatureMin: Double?
    public var temperatureMax: Double?
    /// Percent.
    public var humidity: Int
    /// Hectopascals; absent only in malformed responses, kept optional rather than invented.
    public var pressure: Double?
    /// m/s, or mph in imperial.
    public var windSpeed: Double
    /// Where the wind comes from, meteorological degrees; absent when calm or not reported.
    public var windDirectionDegrees: Double?
    public var windGust: Double?
    /// Metres.
    public var visibility: Int?
    /// Percent.
    public var cloudiness: Int?
    public var rain: PrecipitationAmount?
    public var snow: PrecipitationAmount?
    public var observedAt: Date
    /// Seconds east of UTC at the place; absent in responses before 2019.
    public var utcOffsetSeconds: Int?
    public var sunrise: Date?
    public var sunset: Date?
}

extension CurrentWeather {
    /// Maps a decoded response. `units` is what the request asked for: the body does not say.
    public init(wire: OpenWeatherWire.CurrentWeather, units: Units) {
        self.init(
            placeName: wire.name,
            countryCode: wire.sys.country,
            coordinates: Coordinates(latitude: wire.coord.lat, longitude: wire.coord.lon),
            conditions: wire.weather.map(WeatherCondition.init(wire:)),
            units: units,
            temperature: wire.main.temp,
            feelsLike: wire.main.feelsLike,
            temperatureMin: wire.main.tempMin,
            temperatureMax: wire.main.tempMax,
            humidity: wire.main.humidity,
            pressure: wire.main.pressure,
            windSpeed: wire.wind.speed,
            windDirectionDegrees: wire.wind.deg,
            windGust: wire.wind.gust,
            visibility: wire.visibility,
            cloudiness: wire.clouds?.all,
            rain: PrecipitationAmount(wire: wire.rain),
            snow: PrecipitationAmount(wire: wire.snow),
            observedAt: Date(timeIntervalSince1970: TimeInterval(wire.dt)),
            utcOffsetSeconds: wire.timezone,
            sunrise: wire.sys.sunrise.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            sunset: wire.sys.sunset.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        )
    }

    /// The primary condition (the first), if any.
    public var primaryCondition: WeatherCondition? { conditions.first }
}
