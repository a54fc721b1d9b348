import TenkiCore

/// What makes two geocoding lookups the same question: `Tokyo`, ` tokyo ` and `TOKYO` are one
/// entry; the language is part of the key because it picks each place's localised name.
struct GeocodingKey: Hashable, Sendable {
    var query: String
    var language: WeatherLanguage

    init(query: String, language: WeatherLanguage) {
        self.query = Self.normalised(query)
        self.language = language
    }

    /// Trimmed, lowercased, runs of whitespace collapsed to one space.
    static func normalised(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

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
