import TenkiCore

/// What makes two weather lookups the same question: coordinates rounded to 0.01° (about 1 km,
/// finer than the weather model's grid), units and language.
struct WeatherKey: Hashable, Sendable {
    var latitudeCell: Int
    var longitudeCell: Int
    var units: Units
    var language: WeatherLanguage

    init(coordinates: Coordinates, units: Units, language: WeatherLanguage) {
        latitudeCell = Self.cell(coordinates.latitude)
        longitudeCell = Self.cell(coordinates.longitude)
        self.units = units
        self.language = language
    }

    /// Hundredths of a degree; non-finite input (never produced by `Coordinates.parse`) maps to 0.
    static func cell(_ degrees: Double) -> Int {
        guard degrees.isFinite else { return 0 }
        return Int((degrees * 100).rounded())
    }
}
