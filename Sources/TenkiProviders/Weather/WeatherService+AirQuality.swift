import Foundation
import TenkiCore

extension WeatherService {
    /// The air quality now at `coordinates` (shared with lookups within about 1 km, whatever their
    /// units or language: the answer has neither).
    public func airQuality(
        at coordinates: Coordinates, maxAge: TimeInterval? = nil
    ) async throws(OpenWeatherError) -> CachedValue<AirQuality> {
        let client = client, upstream = upstream
        return try await airCache.lookup(PointKey(coordinates: coordinates), maxAge: maxAge) { () async throws(OpenWeatherError) -> AirQuality in
            try await upstream.measure(OpenWeatherError.Operation.airPollution.rawValue, errorKind: \.metricLabel) {
                () async throws(OpenWeatherError) -> AirQuality in
                try await client.airPollution(at: coordinates)
            }
        }
    }
}

extension CachePolicy {
    /// Air quality: 10 minutes fresh (the model updates hourly), stale up to 3 hours.
    public static let airQuality = CachePolicy(
        timeToLive: 10 * 60, negativeTimeToLive: 10 * 60, maxStaleAge: 3 * 3600, maxEntries: 1_000)
}

/// What makes two air-quality lookups the same question: coordinates rounded as for weather
/// (`WeatherKey`), and nothing else.
struct PointKey: Hashable, Sendable {
    var latitudeCell: Int
    var longitudeCell: Int

    init(coordinates: Coordinates) {
        latitudeCell = WeatherKey.cell(coordinates.latitude)
        longitudeCell = WeatherKey.cell(coordinates.longitude)
    }
}
