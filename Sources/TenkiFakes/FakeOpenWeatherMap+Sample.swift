import Foundation
import TenkiCore

extension FakeOpenWeatherMap {
    /// One city the fake knows: its geocoding entry and its weather bodies, as JSON text in
    /// OpenWeatherMap's exact shape, with temperatures and speeds in METRIC units.
    public struct Sample: Sendable {
        /// One element of a `/geo/1.0/direct` array.
        public let geocoding: String
        /// A `/data/2.5/weather` body.
        public let current: String
        /// A `/data/2.5/forecast` body.
        public let forecast: String
        /// A `/data/2.5/air_pollution` body; nil when the sample has none (the fake then answers
        /// from the nearest sample that has one).
        public let airPollution: String?
        /// `geocoding`, decoded: what `q` is matched against and where the city is.
        public let place: OpenWeatherWire.GeocodingResult

        /// Nil when `geocoding` is not a geocoding entry (a broken sample should fail a test,
        /// not crash a demo).
        public init?(geocoding: String, current: String, forecast: String, airPollution: String? = nil) {
            guard let place = try? JSONDecoder().decode(OpenWeatherWire.GeocodingResult.self, from: Data(geocoding.utf8)) else {
                return nil
            }
            self.geocoding = geocoding
            self.current = current
            self.forecast = forecast
            self.airPollution = airPollution
            self.place = place
        }

        /// Whether `q` (`Tokyo`, `tokyo,JP`, `東京`, `Đà Nẵng`, `Danang`) names this city: the part
        /// before the first comma against the name and every local name, ignoring case, accents,
        /// spaces and hyphens; a two-letter last part must equal the country code.
        public func matches(_ query: String) -> Bool {
            let parts = query.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let city = parts.first, !city.isEmpty else { return false }
            if parts.count > 1, let country = parts.last, country.count == 2, country.uppercased() != place.country.uppercased() {
                return false
            }
            let key = Self.matchKey(city)
            let names = [place.name] + (place.localNames.map { Array($0.values) } ?? [])
            return names.contains { Self.matchKey($0) == key }
        }

        func squaredDistance(to point: Coordinates) -> Double {
            let dLat = place.lat - point.latitude
            let dLon = place.lon - point.longitude
            return dLat * dLat + dLon * dLon
        }

        static func matchKey(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .replacingOccurrences(of: "đ", with: "d")
                .filter { $0 != " " && $0 != "-" }
        }
    }
}

/// Rewrites the temperatures and speeds of a metric sample body for other `units`, the way the
/// real service would have answered. Everything else is left as it was.
enum SampleUnitConverter {
    static let temperatureKeys: Set<String> = ["temp", "feels_like", "temp_min", "temp_max"]
    static let speedKeys: Set<String> = ["speed", "gust"]

    /// `body` is a decoded JSON object (as `JSONSerialization` gives it).
    static func convert(_ body: Any, from: Units, to units: Units) -> Any {
        guard units != from, from == .metric else { return body }
        return walk(body, parent: nil, units: units)
    }

    private static func walk(_ value: Any, parent: String?, units: Units) -> Any {
        if let array = value as? [Any] {
            return array.map { walk($0, parent: parent, units: units) }
        }
        guard let object = value as? [String: Any] else { return value }
        var out: [String: Any] = [:]
        for (key, child) in object {
            if parent == "main", temperatureKeys.contains(key), let number = child as? Double {
                out[key] = rounded(units == .imperial ? number * 9 / 5 + 32 : number + 273.15)
            } else if parent == "wind", speedKeys.contains(key), let number = child as? Double, units == .imperial {
                out[key] = rounded(number * 2.236936)
            } else {
                out[key] = walk(child, parent: key, units: units)
            }
        }
        return out
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
