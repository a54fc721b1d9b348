extension OpenWeatherWire {
    /// One element of the array that `GET /geo/1.0/direct` returns (`[]` when nothing matches).
    public struct GeocodingResult: Decodable, Sendable, Equatable {
        public var name: String
        /// Names by ISO 639-1 code, plus the legacy keys `ascii` and `feature_name`.
        /// Absent for small places (London, Kentucky).
        public var localNames: [String: String]?
        public var lat: Double
        public var lon: Double
        public var country: String
        /// Present in some countries only, in the local form (`England`, `OH`, `Kentucky`).
        public var state: String?

        enum CodingKeys: String, CodingKey {
            case name, lat, lon, country, state
            case localNames = "local_names"
        }
    }

    /// `GET /geo/1.0/zip` returns one object, not an array.
    public struct ZipGeocodingResult: Decodable, Sendable, Equatable {
        public var zip: String
        public var name: String
        public var lat: Double
        public var lon: Double
        public var country: String
    }
}
