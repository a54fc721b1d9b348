extension OpenWeatherWire {
    /// `GET /data/2.5/forecast`: 5 days in 3-hour steps.
    public struct Forecast: Decodable, Sendable, Equatable {
        public var cnt: Int?
        public var list: [Entry]
        public var city: City

        /// One 3-hour step. `pop` and `visibility` are absent before 2020.
        public struct Entry: Decodable, Sendable, Equatable {
            public var dt: Int
            public var main: Main
            public var weather: [Condition]
            public var clouds: Clouds?
            public var wind: Wind?
            public var visibility: Int?
            /// Probability of precipitation, 0...1 (sometimes the integer `0` or `1`).
            public var pop: Double?
            public var rain: Precipitation?
            public var snow: Precipitation?
            public var sys: PartOfDay?
            public var dtTxt: String?

            enum CodingKeys: String, CodingKey {
                case dt, main, weather, clouds, wind, visibility, pop, rain, snow, sys
                case dtTxt = "dt_txt"
            }
        }

        /// `sys.pod`: `d` or `n`.
        public struct PartOfDay: Decodable, Sendable, Equatable {
            public var pod: String?
        }

        public struct City: Decodable, Sendable, Equatable {
            public var id: Int?
            public var name: String
            public var coord: Coord?
            public var country: String?
            public var population: Int?
            public var timezone: Int?
            public var sunrise: Int?
            public var sunset: Int?
        }
    }
}
