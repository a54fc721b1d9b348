import Foundation

/// The weather now at one place, as Tenki shows it. Values are in `units`, which the request
/// chose (OpenWeatherMap converts; nothing here does arithmetic on units).
public struct CurrentWeather: Sendable, Hashable {
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

    public init(
        placeName: String, countryCode: String?, coordinates: Coordinates, conditions: [WeatherCondition], units: Units,
        temperature: Double, feelsLike: Double? = nil, temperatureMin: Double? = nil, temperatureMax: Double? = nil,
        humidity: Int, pressure: Double? = nil, windSpeed: Double, windDirectionDegrees: Double? = nil, windGust: Double? = nil,
        visibility: Int? = nil, cloudiness: Int? = nil, rain: PrecipitationAmount? = nil, snow: PrecipitationAmount? = nil,
        observedAt: Date, utcOffsetSeconds: Int? = nil, sunrise: Date? = nil, sunset: Date? = nil
    ) {
        self.placeName = placeName
        self.countryCode = countryCode
        self.coordinates = coordinates
        self.conditions = conditions
        self.units = units
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.temperatureMin = temperatureMin
        self.temperatureMax = temperatureMax
        self.humidity = humidity
        self.pressure = pressure
        self.windSpeed = windSpeed
        self.windDirectionDegrees = windDirectionDegrees
        self.windGust = windGust
        self.visibility = visibility
        self.cloudiness = cloudiness
        self.rain = rain
        self.snow = snow
        self.observedAt = observedAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.sunrise = sunrise
        self.sunset = sunset
    }

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
