import Foundation
import TenkiCore
import TenkiFakes
import TenkiMetrics
import Testing

@testable import TenkiApp

@Suite("Geocoding and weather answers in the state file")
struct GeocodingRestartTests {
    @Test("after a restart on the same state file, /weather for a place seen before makes no call while its weather is fresh")
    func restartKeepsPlaces() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-geocoding-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }

        let first = try AppHarness(environment: ["TENKI_STATE": path], state: .settings)
        let before = try await first.message("/weather", "Danang")
        #expect(Self.geocodingCalls(first) == 1)
        #expect(Self.weatherCalls(first) == 1)
        // The answers are written to the state file after the answer went back, as the server's own work.
        #expect(await first.application.background.waitUntilIdle(atMost: .seconds(30)))

        let metrics = MetricsRegistry()
        let restarted = try AppHarness(environment: ["TENKI_STATE": path], metrics: metrics, state: .settings)
        let after = try await restarted.message("/weather", "danang")
        #expect(Self.geocodingCalls(restarted) == 0, "the place came from the state file")
        #expect(Self.weatherCalls(restarted) == 0, "the weather came from the state file: fetched less than 10 minutes ago")
        #expect(after.text == before.text)
        #expect(metrics.counter("tenki_cache_lookups_total", [("cache", "geocoding_store"), ("result", "hit")]) == 1)
        #expect(metrics.counter("tenki_cache_lookups_total", [("cache", "weather_store"), ("result", "hit")]) == 1)
        #expect(metrics.counter("tenki_upstream_calls_total", [("upstream", "openweather"), ("operation", "geocode")]) == 0)
    }

    static func geocodingCalls(_ harness: AppHarness) -> Int {
        harness.fakes.openWeather.calls.filter { $0.path.hasPrefix("/geo/") }.count
    }

    static func weatherCalls(_ harness: AppHarness) -> Int {
        harness.fakes.openWeather.calls.filter { $0.path == "/data/2.5/weather" }.count
    }
}
