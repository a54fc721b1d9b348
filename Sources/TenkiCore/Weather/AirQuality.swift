import Foundation

/// The air quality at a point (OpenWeatherMap's Air Pollution API): the index and the pollutants
/// people look at. A pollutant the upstream did not send is nil, shown as unavailable.
public struct AirQuality: Sendable, Hashable {
    public var index: AirQualityIndex
    public var coordinates: Coordinates?
    /// When the measurement was made, when the upstream said.
    public var measuredAt: Date?
    /// Fine particles (PM2.5), µg/m³.
    public var fineParticles: Double?
    /// Coarse particles (PM10), µg/m³.
    public var coarseParticles: Double?
    /// Ozone (O₃), µg/m³.
    public var ozone: Double?
    /// Nitrogen dioxide (NO₂), µg/m³.
    public var nitrogenDioxide: Double?

    public init(
        index: AirQualityIndex, coordinates: Coordinates? = nil, measuredAt: Date? = nil, fineParticles: Double?,
        coarseParticles: Double?, ozone: Double?, nitrogenDioxide: Double?
    ) {
        self.index = index
        self.coordinates = coordinates
        self.measuredAt = measuredAt
        self.fineParticles = fineParticles
        self.coarseParticles = coarseParticles
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
    }

    /// The first (current) entry of `wire.list`; throws when there is none or its index is not 1...5,
    /// because a message without an index would mislead.
    public init(wire: OpenWeatherWire.AirPollution) throws(AirQualityDecodingError) {
        guard let entry = wire.list?.first else { throw .noMeasurement }
        guard let value = entry.main?.aqi else { throw .noIndex }
        guard let index = AirQualityIndex(rawValue: value) else { throw .indexOutOfRange(value) }
        let components = entry.components
        self.init(
            index: index,
            coordinates: wire.coord.map { Coordinates(latitude: $0.lat, longitude: $0.lon) },
            measuredAt: entry.dt.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            fineParticles: Self.finite(components?.pm2_5), coarseParticles: Self.finite(components?.pm10),
            ozone: Self.finite(components?.o3), nitrogenDioxide: Self.finite(components?.no2))
    }

    /// A concentration only when it is a real one: negative or non-finite values are unavailable.
    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }
}

/// OpenWeatherMap's air quality index: 1 Good, 2 Fair, 3 Moderate, 4 Poor, 5 Very Poor.
public enum AirQualityIndex: Int, Sendable, Hashable, CaseIterable {
    case good = 1
    case fair
    case moderate
    case poor
    case veryPoor

    /// A coloured circle, green to purple, as air quality scales colour their levels.
    public var marker: String {
        switch self {
        case .good: "🟢"
        case .fair: "🟡"
        case .moderate: "🟠"
        case .poor: "🔴"
        case .veryPoor: "🟣"
        }
    }
}

/// Why an Air Pollution body cannot be shown, though it decoded as JSON.
public enum AirQualityDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `list` is missing or empty.
    case noMeasurement
    /// The entry has no `main.aqi`.
    case noIndex
    /// `main.aqi` is outside OpenWeatherMap's 1...5.
    case indexOutOfRange(Int)

    public var description: String {
        switch self {
        case .noMeasurement: "no measurement in list"
        case .noIndex: "no main.aqi"
        case .indexOutOfRange(let value): "aqi \(value) outside 1...5"
        }
    }
}
