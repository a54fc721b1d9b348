/// A place found by geocoding: what `/weather Danang` resolves to before the weather lookup.
public struct Place: Sendable, Hashable {
    /// The name as OpenWeatherMap's geocoder gives it (English or local form, e.g. `Da Nang`).
    public var name: String
    /// The name in the reply language when `local_names` has it (`ロンドン` for `ja`), else nil.
    public var localizedName: String?
    /// State or region, when the geocoder gives one (`England`, `OH`).
    public var state: String?
    /// ISO 3166 alpha-2 (`VN`, `JP`).
    public var countryCode: String
    public var coordinates: Coordinates

    public init(name: String, localizedName: String? = nil, state: String? = nil, countryCode: String, coordinates: Coordinates) {
        self.name = name
        self.localizedName = localizedName
        self.state = state
        self.countryCode = countryCode
        self.coordinates = coordinates
    }

    /// The name to show: localised when available.
    public var displayName: String { localizedName ?? name }

    /// Maps one direct-geocoding result, picking the local name for `language`.
    public init(wire: OpenWeatherWire.GeocodingResult, language: WeatherLanguage) {
        let local = wire.localNames?[language.openWeatherCode]
        self.init(
            name: wire.name,
            localizedName: local == wire.name ? nil : local,
            state: wire.state,
            countryCode: wire.country,
            coordinates: Coordinates(latitude: wire.lat, longitude: wire.lon)
        )
    }

    /// Maps a zip-code lookup (which has no local names and no state).
    public init(wire: OpenWeatherWire.ZipGeocodingResult) {
        self.init(name: wire.name, countryCode: wire.country, coordinates: Coordinates(latitude: wire.lat, longitude: wire.lon))
    }
}
