import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiProviders
@testable import TenkiStorage

/// A `WeatherService` over the fake upstream on a manual clock, with the pieces a test inspects.
struct ServiceHarness {
    let fake = FakeOpenWeatherMap(apiKey: "cache-test-key")
    let clock: ManualClock
    let metrics = MetricsRegistry()
    let service: WeatherService

    init(
        configuration: WeatherService.Configuration = WeatherService.Configuration(),
        geocodingStore: (any GeocodingStore)? = nil, weatherStore: (any WeatherAnswerStore)? = nil,
        deferWrite: WeatherService.DeferredWrite? = nil, clock: ManualClock = ManualClock()
    ) throws {
        self.clock = clock
        let client = OpenWeatherClient(
            transport: HandlerTransport(fake), baseURL: try #require(URL(string: "https://api.openweathermap.test")),
            apiKey: "cache-test-key", logger: .discarding)
        service = WeatherService(
            client: client, clock: clock, metrics: metrics, configuration: configuration, geocodingStore: geocodingStore,
            weatherStore: weatherStore, deferWrite: deferWrite)
    }

    /// Upstream calls the fake received on `path` (`/data/2.5/weather`, `/geo/1.0/direct`, …).
    func calls(to path: String) -> Int {
        fake.calls.filter { $0.path == path }.count
    }

    func lookups(_ cache: String, _ result: String) -> Double {
        metrics.counter("tenki_cache_lookups_total", [("cache", cache), ("result", result)])
    }

    /// `/weather Tokyo`: geocode, then the weather at the best match.
    func weatherForTokyo() async throws(OpenWeatherError) -> CachedValue<CurrentWeather> {
        let places = try await service.places(matching: "Tokyo", language: .en)
        return try await service.currentWeather(at: places.value[0].coordinates, units: .metric, language: .en)
    }
}

enum WeatherPaths {
    static let geocoding = "/geo/1.0/direct"
    static let current = "/data/2.5/weather"
    static let forecast = "/data/2.5/forecast"
}
