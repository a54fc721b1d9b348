extension OpenWeatherWire {
    /// `GET /data/2.5/air_pollution`: the air quality now at a point, as one-element `list`.
    ///
    /// Decoded tolerantly, unlike the weather bodies: every field is optional here so that a
    /// pollutant the station does not measure is shown as unavailable instead of failing the whole
    /// answer. `AirQuality.init(wire:)` decides what the message cannot do without (an index in 1...5).
    public struct AirPollution: Decodable, Sendable, Equatable {
        public var coord: Coord?
        public var list: [Entry]?

        /// One hour's measurement.
        public struct Entry: Decodable, Sendable, Equatable {
            public var dt: Int?
            public var main: Index?
            public var components: Components?
        }

        /// `main.aqi`: OpenWeatherMap's index, 1 (Good) to 5 (Very Poor).
        public struct Index: Decodable, Sendable, Equatable {
            public var aqi: Int?
        }

        /// Concentrations in µg/m³.
        public struct Components: Decodable, Sendable, Equatable {
            public var co: Double?
            public var no: Double?
            public var no2: Double?
            public var o3: Double?
            public var so2: Double?
            public var pm2_5: Double?
            public var pm10: Double?
            public var nh3: Double?
        }
    }
}
