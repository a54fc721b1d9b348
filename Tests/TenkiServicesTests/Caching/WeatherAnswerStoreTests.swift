import Foundation
import Synchronization
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiProviders
@testable import TenkiStorage

@Suite("WeatherAnswerStore: fresh weather kept across restarts and replicas")
struct WeatherAnswerStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let tokyo = Coordinates(latitude: 35.68, longitude: 139.76)

    static func answer(_ body: String, fetchedAfter seconds: TimeInterval = 0, lasting lifetime: TimeInterval = 600)
        -> StoredWeatherAnswer
    {
        let fetchedAt = start.addingTimeInterval(seconds)
        return StoredWeatherAnswer(body: body, fetchedAt: fetchedAt, expiresAt: fetchedAt.addingTimeInterval(lifetime))
    }

    @Test("an answer is found by its key while fetched recently enough and unexpired", arguments: StoreBackend.all)
    func keyFreshnessAndExpiry(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().weatherAnswers
        let answer = Self.answer(#"{"a":1}"#)
        try await store.save(answer, for: "weather/3568/13976/metric/en")
        let before = Self.start.addingTimeInterval(-1)
        #expect(try await store.answer(for: "weather/3568/13976/metric/en", fetchedAfter: before, now: Self.start) == answer)
        #expect(try await store.answer(for: "weather/3568/13976/metric/ja", fetchedAfter: before, now: Self.start) == nil)
        #expect(try await store.answer(for: "weather/3568/13976/metric/en", fetchedAfter: Self.start, now: Self.start) == nil,
                "fetched no later than asked for: a Refresh wants a newer one")
        let expiry = Self.start.addingTimeInterval(600)
        #expect(try await store.answer(for: "weather/3568/13976/metric/en", fetchedAfter: before, now: expiry) == nil)
    }

    @Test("a later answer replaces an earlier one but not the other way round; saving drops expired answers",
          arguments: StoreBackend.all)
    func replaceAndPrune(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().weatherAnswers
        try await store.save(Self.answer("old", lasting: 5), for: "brief")
        try await store.save(Self.answer("first"), for: "k")
        let later = Self.answer("second", fetchedAfter: 10)
        try await store.save(later, for: "k")
        let before = Self.start.addingTimeInterval(-1)
        #expect(try await store.answer(for: "k", fetchedAfter: before, now: Self.start.addingTimeInterval(10)) == later)
        // Writes are deferred and replicas share the table: an older answer may arrive last.
        try await store.save(Self.answer("older", fetchedAfter: 5), for: "k")
        #expect(try await store.answer(for: "k", fetchedAfter: before, now: Self.start.addingTimeInterval(10)) == later)
        // Asked as of a time before it expired: only a row that is gone can answer nil.
        #expect(try await store.answer(for: "brief", fetchedAfter: before, now: Self.start) == nil)
    }

    @Test("after a restart the weather comes from the store with its age, until its time to live is over",
          arguments: StoreBackend.all)
    func restartAnswersFromTheStore(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().weatherAnswers
        let first = try ServiceHarness(weatherStore: store)
        let fetched = try await first.service.currentWeather(at: Self.tokyo)
        #expect(first.calls(to: WeatherPaths.current) == 1)
        #expect(first.lookups("weather_store", "miss") == 1)

        let restarted = try ServiceHarness(weatherStore: store)
        restarted.clock.advance(by: 300)
        let again = try await restarted.service.currentWeather(at: Self.tokyo)
        #expect(restarted.calls(to: WeatherPaths.current) == 0)
        #expect(restarted.lookups("weather_store", "hit") == 1)
        #expect(again.value == fetched.value)
        #expect(again.fetchedAt == fetched.fetchedAt && again.age == 300 && !again.isStale)
        _ = try await restarted.service.currentWeather(at: Self.tokyo)
        #expect(restarted.lookups("weather_store", "hit") == 1, "then from memory, as any answer")

        let tenMinutesLater = try ServiceHarness(weatherStore: store)
        tenMinutesLater.clock.advance(by: 600)
        _ = try await tenMinutesLater.service.currentWeather(at: Self.tokyo)
        #expect(tenMinutesLater.calls(to: WeatherPaths.current) == 1, "past its 10 minutes the weather is asked for again")
    }

    @Test("Refresh wants an answer younger than it asks for; forecasts are kept the same way")
    func refreshAndForecast() async throws {
        let store = InMemoryWeatherAnswerStore()
        let first = try ServiceHarness(weatherStore: store)
        _ = try await first.service.currentWeather(at: Self.tokyo)
        let forecast = try await first.service.forecast(at: Self.tokyo)

        let restarted = try ServiceHarness(weatherStore: store)
        restarted.clock.advance(by: 120)
        _ = try await restarted.service.currentWeather(at: Self.tokyo, maxAge: 60)
        #expect(restarted.calls(to: WeatherPaths.current) == 1)
        #expect(try await restarted.service.forecast(at: Self.tokyo).value == forecast.value)
        #expect(restarted.calls(to: WeatherPaths.forecast) == 0)
        #expect(restarted.lookups("forecast_store", "hit") == 1)
    }

    @Test("an answer that cannot be decoded (another version's) is asked for again and overwritten; failures are not stored")
    func undecodableAndFailures() async throws {
        let store = InMemoryWeatherAnswerStore()
        try await store.save(Self.answer(#"{"placeName":1}"#), for: "weather/3568/13976/metric/en")
        let first = try ServiceHarness(weatherStore: store)
        _ = try await first.service.currentWeather(at: Self.tokyo)
        #expect(first.calls(to: WeatherPaths.current) == 1)
        #expect(first.lookups("weather_store", "miss") == 1)

        let restarted = try ServiceHarness(weatherStore: store)
        _ = try await restarted.service.currentWeather(at: Self.tokyo)
        #expect(restarted.calls(to: WeatherPaths.current) == 0)

        let failing = try ServiceHarness(weatherStore: store)
        failing.fake.setFailure(.serviceUnavailable)
        _ = try? await failing.service.forecast(at: Self.tokyo)
        let after = try ServiceHarness(weatherStore: store)
        _ = try await after.service.forecast(at: Self.tokyo)
        #expect(after.calls(to: WeatherPaths.forecast) == 1)
    }

    @Test("with deferWrite the answer goes back first: the weather and the place are stored by the deferred writes")
    func deferredWrites() async throws {
        let store = InMemoryWeatherAnswerStore(), places = InMemoryGeocodingStore()
        let writes = Mutex<[@Sendable () async -> Void]>([])
        let first = try ServiceHarness(
            geocodingStore: places, weatherStore: store, deferWrite: { write in writes.withLock { $0.append(write) } })
        _ = try await first.weatherForTokyo()
        #expect(try await places.answer(for: "tokyo", language: .en, now: Self.start) == nil)
        let pending = writes.withLock { $0 }
        #expect(pending.count == 2, "one for the place, one for its weather")
        for write in pending { await write() }
        let restarted = try ServiceHarness(geocodingStore: places, weatherStore: store)
        _ = try await restarted.weatherForTokyo()
        #expect(restarted.calls(to: WeatherPaths.geocoding) == 0 && restarted.calls(to: WeatherPaths.current) == 0)
    }
}
