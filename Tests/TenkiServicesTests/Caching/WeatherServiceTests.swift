import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiProviders

@Suite("WeatherService: caching in front of OpenWeatherMap")
struct WeatherServiceTests {
    @Test("100 concurrent /weather Tokyo make one geocoding and one weather call; again none; after the TTL one")
    func singleFlight() async throws {
        let harness = try ServiceHarness()
        let gate = harness.fake.gate
        gate.close()
        defer { gate.open() }

        let burst = (0..<100).map { _ in Task { try await harness.weatherForTokyo() } }
        // Hold the geocoding call until all 100 lookups have joined it, then the weather call likewise.
        #expect(await eventually { harness.lookups("geocoding", "coalesced") == 99 })
        await gate.waitUntilInFlight(atLeast: 1)
        #expect(gate.inFlight == 1)
        gate.releaseHeld()
        #expect(await eventually { harness.lookups("weather", "coalesced") == 99 })
        // The geocoding answer has left and the one weather call is held.
        #expect(await eventually { harness.calls(to: WeatherPaths.current) == 1 && gate.inFlight == 1 })
        gate.open()
        for task in burst {
            #expect(try await task.value.value.placeName == "東京都")
        }
        #expect(harness.calls(to: WeatherPaths.geocoding) == 1)
        #expect(harness.calls(to: WeatherPaths.current) == 1)

        let second = (0..<100).map { _ in Task { try await harness.weatherForTokyo() } }
        for task in second { _ = try await task.value }
        #expect(harness.calls(to: WeatherPaths.geocoding) == 1)
        #expect(harness.calls(to: WeatherPaths.current) == 1)
        #expect(harness.lookups("weather", "hit") == 100)

        harness.clock.advance(by: CachePolicy.currentWeather.timeToLive + 1)
        let third = (0..<100).map { _ in Task { try await harness.weatherForTokyo() } }
        for task in third { #expect(try await task.value.isStale == false) }
        #expect(harness.calls(to: WeatherPaths.geocoding) == 1)
        #expect(harness.calls(to: WeatherPaths.current) == 2)
        #expect(
            harness.metrics.counter(
                "tenki_upstream_calls_total", [("upstream", "openweather"), ("operation", "current-weather")]) == 2)
    }

    @Test(
        "a failing upstream serves the last good answer with its age",
        arguments: [HTTPStatus.internalServerError, .serviceUnavailable, .tooManyRequests])
    func staleIfError(status: HTTPStatus) async throws {
        let harness = try ServiceHarness()
        let fresh = try await harness.weatherForTokyo()
        harness.fake.setFailure(status)
        harness.clock.advance(by: 25 * 60)
        let stale = try await harness.weatherForTokyo()
        #expect(stale.isStale)
        #expect(stale.staleAge == TimeInterval(25 * 60))
        #expect(stale.value == fresh.value)
        #expect(harness.calls(to: WeatherPaths.current) == 2)
        #expect(harness.metrics.counter("tenki_cache_stale_served_total", [("cache", "weather")]) == 1)
        let kind = status.code == 429 ? "rate_limited" : "upstream_status"
        #expect(
            harness.metrics.counter(
                "tenki_upstream_errors_total", [("upstream", "openweather"), ("operation", "current-weather"), ("kind", kind)])
                == 1)
    }

    @Test("without a previous answer, the typed error reaches the caller; past the maximum stale age too")
    func errorWithoutStale() async throws {
        let harness = try ServiceHarness()
        let tokyo = Coordinates(latitude: 35.6895, longitude: 139.6917)
        harness.fake.setFailure(.internalServerError)
        let error = await #expect(throws: OpenWeatherError.self) { try await harness.service.currentWeather(at: tokyo) }
        #expect(error?.kind == .upstream(status: 500))
        #expect(error?.operation == .currentWeather)

        harness.fake.setFailure(nil)
        _ = try await harness.service.currentWeather(at: tokyo)
        harness.fake.setFailure(.serviceUnavailable)
        harness.clock.advance(by: CachePolicy.currentWeather.maxStaleAge + 1)
        let late = await #expect(throws: OpenWeatherError.self) { try await harness.service.currentWeather(at: tokyo) }
        #expect(late?.kind == .upstream(status: 503))
    }

    @Test("a geocoding miss is remembered for the negative TTL and names each caller's own spelling")
    func negativeGeocoding() async throws {
        let harness = try ServiceHarness()
        let first = await #expect(throws: OpenWeatherError.self) { try await harness.service.places(matching: "Atlantis") }
        #expect(first?.kind == .placeNotFound(query: "Atlantis"))
        harness.clock.advance(by: CachePolicy.geocoding.negativeTimeToLive - 1)
        let second = await #expect(throws: OpenWeatherError.self) { try await harness.service.places(matching: "  ATLANTIS ") }
        #expect(second?.kind == .placeNotFound(query: "ATLANTIS"))
        #expect(harness.calls(to: WeatherPaths.geocoding) == 1)
        harness.clock.advance(by: 1)
        _ = try? await harness.service.places(matching: "atlantis")
        #expect(harness.calls(to: WeatherPaths.geocoding) == 2)
    }

    @Test("a 404 is not served stale, and is remembered even when the upstream then fails")
    func notFoundIsNotServedStale() async throws {
        let harness = try ServiceHarness()
        let spot = Coordinates(latitude: 10, longitude: 10)
        _ = try await harness.service.currentWeather(at: spot)
        harness.clock.advance(by: CachePolicy.currentWeather.timeToLive + 1)
        harness.fake.setFailure(.notFound)
        let error = await #expect(throws: OpenWeatherError.self) { try await harness.service.currentWeather(at: spot) }
        #expect(error?.kind == .placeNotFound(query: spot.description))
        harness.fake.setFailure(.internalServerError)
        let again = await #expect(throws: OpenWeatherError.self) { try await harness.service.currentWeather(at: spot) }
        #expect(again?.kind == .placeNotFound(query: spot.description))
        #expect(harness.calls(to: WeatherPaths.current) == 2)
    }

    @Test("a cancelled /weather gets .cancelled at once; the others get the weather from the one call")
    func cancelledLookup() async throws {
        let harness = try ServiceHarness()
        let gate = harness.fake.gate
        gate.close()
        defer { gate.open() }
        let service = harness.service
        let tokyo = Coordinates(latitude: 35.6895, longitude: 139.6917)
        let lookups = (0..<3).map { _ in Task { try await service.currentWeather(at: tokyo) } }
        await gate.waitUntilInFlight(atLeast: 1)
        #expect(await eventually { harness.lookups("weather", "coalesced") == 2 })
        lookups[0].cancel()
        let cancelled = await lookups[0].result
        #expect(throws: OpenWeatherError(.cancelled, operation: .currentWeather)) { try cancelled.get() }
        gate.open()
        #expect(try await lookups[1].value.value.placeName == "東京都")
        #expect(try await lookups[2].value.value.placeName == "東京都")
        #expect(harness.calls(to: WeatherPaths.current) == 1)
    }

    @Test("ten places reach the upstream with ten calls in flight at once")
    func tenPlacesConcurrently() async throws {
        let harness = try ServiceHarness()
        let gate = harness.fake.gate
        gate.close()
        defer { gate.open() }
        let places = (0..<10).map { index in
            Place(
                name: "Spot \(index)", countryCode: "JP", coordinates: Coordinates(latitude: 35 + Double(index), longitude: 139))
        }
        let service = harness.service
        let request = Task { await service.currentWeather(forPlaces: places, units: .metric, language: .en) }
        await gate.waitUntilInFlight(atLeast: 10)
        #expect(gate.inFlight == 10)
        gate.open()
        let results = await request.value
        #expect(results.count == 10)
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(gate.maxInFlight >= 10)
        #expect(harness.calls(to: WeatherPaths.current) == 10)
    }

    @Test("results keep the order of the places, and one failure does not fail the others")
    func manyPlacesOrderAndFailure() async throws {
        let harness = try ServiceHarness()
        let good = Place(name: "Tokyo", countryCode: "JP", coordinates: Coordinates(latitude: 35.6895, longitude: 139.6917))
        let bad = Place(name: "Nowhere", countryCode: "XX", coordinates: Coordinates(latitude: 95, longitude: 0))
        let results = await harness.service.currentWeather(forPlaces: [good, bad, good])
        #expect(results.count == 3)
        #expect((try? results[0].get())?.value.placeName == "東京都")
        #expect((try? results[2].get())?.value.placeName == "東京都")
        guard case .failure(let error) = results[1] else {
            Issue.record("expected a failure for an out-of-range latitude")
            return
        }
        #expect(error.kind == .badRequest(message: "wrong latitude"))
    }

    @Test(
        "spellings of one query share an entry", arguments: ["tokyo", "  Tokyo ", "TOKYO", "tokyo\t"])
    func queryNormalisation(query: String) async throws {
        let harness = try ServiceHarness()
        _ = try await harness.service.places(matching: "Tokyo")
        let places = try await harness.service.places(matching: query)
        #expect(places.value.first?.name == "Tokyo")
        #expect(harness.calls(to: WeatherPaths.geocoding) == 1)
    }

    @Test("coordinates within 0.005° share an entry; units and language do not")
    func weatherKeys() async throws {
        let harness = try ServiceHarness()
        let service = harness.service
        _ = try await service.currentWeather(at: Coordinates(latitude: 35.6895, longitude: 139.6917))
        _ = try await service.currentWeather(at: Coordinates(latitude: 35.6880, longitude: 139.6930))
        #expect(harness.calls(to: WeatherPaths.current) == 1)
        _ = try await service.currentWeather(at: Coordinates(latitude: 35.6895, longitude: 139.6917), units: .imperial)
        _ = try await service.currentWeather(at: Coordinates(latitude: 35.6895, longitude: 139.6917), language: .ja)
        #expect(harness.calls(to: WeatherPaths.current) == 3)
        _ = try await service.forecast(at: Coordinates(latitude: 35.6895, longitude: 139.6917))
        _ = try await service.forecast(at: Coordinates(latitude: 35.6895, longitude: 139.6917))
        #expect(harness.calls(to: WeatherPaths.forecast) == 1)
    }

    @Test("metric labels never carry a place name or coordinates")
    func labelsAreFixed() async throws {
        let harness = try ServiceHarness()
        _ = try await harness.weatherForTokyo()
        _ = try? await harness.service.places(matching: "Atlantis")
        let exposition = harness.metrics.exposition()
        for secret in ["Tokyo", "tokyo", "Atlantis", "atlantis", "35.", "139."] {
            #expect(!exposition.contains(secret))
        }
        #expect(exposition.contains(#"tenki_cache_lookups_total{cache="geocoding",result="miss"} 2"#))
    }
}
