extension OpenWeatherWire {
    /// `GET /data/2.5/weather`.
    public struct CurrentWeather: Decodable, Sendable, Equatable {
        public var coord: Coord
        public var weather: [Condition]
        public var main: Main
        /// Metres; missing from many older and coordinate-based responses.
        public var visibility: Int?
        public var wind: Wind
        public var clouds: Clouds?
        public var rain: Precipitation?
        public var snow: Precipitation?
        /// Observation time, Unix seconds UTC.
        public var dt: Int
        public var sys: Sys
        /// Shift from UTC in seconds; absent before 2019.
        public var timezone: Int?
        /// City id; absent for some coordinate lookups.
        public var id: Int?
        /// The name OpenWeatherMap picked, localised by `lang` (`東京都`, `ロンドン`); may be "".
        public var name: String

        /// `sys`: `type`/`id`/`message` come and go across years; `country` is absent over oceans.
        public struct Sys: Decodable, Sendable, Equatable {
            public var type: Int?
            public var id: Int?
            public var message: Double?
            public var country: String?
            public var sunrise: Int?
            public var sunset: Int?
        }
    }
}
