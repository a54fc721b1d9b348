import Foundation

/// The 5-day / 3-hour forecast for one place.
public struct Forecast: Sendable, Hashable, Codable {
    public var placeName: String
    public var countryCode: String?
    public var coordinates: Coordinates?
    public var utcOffsetSeconds: Int?
    public var units: Units
    /// In time order, as the API sends them.
    public var entries: [Entry]

    /// One 3-hour step.
    public struct Entry: Sendable, Hashable, Codable {
        /// Start of the step.
        public var time: Date
        public var temperature: Double
        public var temperatureMin: Double?
        public var temperatureMax: Double?
        /// Probability of precipitation, 0...1; absent in responses before 2020.
        public var precipitationProbability: Double?
        /// Primary condition first.
        public var conditions: [WeatherCondition]
        public var rain: PrecipitationAmount?
        public var snow: PrecipitationAmount?
    }
}

extension Forecast {
    public init(wire: OpenWeatherWire.Forecast, units: Units) {
        self.init(
            placeName: wire.city.name,
            countryCode: wire.city.country,
            coordinates: wire.city.coord.map { Coordinates(latitude: $0.lat, longitude: $0.lon) },
            utcOffsetSeconds: wire.city.timezone,
            units: units,
            entries: wire.list.map(Entry.init(wire:))
        )
    }
}

extension Forecast.Entry {
    public init(wire: OpenWeatherWire.Forecast.Entry) {
        self.init(
            time: Date(timeIntervalSince1970: TimeInterval(wire.dt)),
            temperature: wire.main.temp,
            temperatureMin: wire.main.tempMin,
            temperatureMax: wire.main.tempMax,
            precipitationProbability: wire.pop,
            conditions: wire.weather.map(WeatherCondition.init(wire:)),
            rain: PrecipitationAmount(wire: wire.rain),
            snow: PrecipitationAmount(wire: wire.snow)
        )
    }

    public var primaryCondition: WeatherCondition? { conditions.first }
}
