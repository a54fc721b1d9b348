import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiProviders
@testable import TenkiStorage

@Suite("GeocodingStore: places resolved once, kept across restarts")
struct GeocodingStoreTests {
    static let tokyo = Place(
        name: "Tokyo", localizedName: "東京", state: nil, countryCode: "JP",
        coordinates: Coordinates(latitude: 35.68, longitude: 139.76))
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("an answer is found by any spelling of its query, per language, until it expires", arguments: StoreBackend.all)
    func keyAndExpiry(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        let answer = StoredGeocoding(places: [Self.tokyo], storedAt: Self.start, expiresAt: Self.start.addingTimeInterval(60))
        try await store.save(answer, for: "  Tokyo ", language: .ja)
        #expect(try await store.answer(for: "TOKYO", language: .ja, now: Self.start) == answer)
        #expect(try await store.answer(for: "tokyo", language: .en, now: Self.start) == nil)
        let beforeExpiry = try await store.answer(for: "tokyo", language: .ja, now: Self.start.addingTimeInterval(59))
        #expect(beforeExpiry?.places == [Self.tokyo])
        #expect(try await store.answer(for: "tokyo", language: .ja, now: Self.start.addingTimeInterval(60)) == nil)
    }

    @Test("a later answer replaces an earlier one; a no-match is kept as no places", arguments: StoreBackend.all)
    func replaceAndNoMatch(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        let later = Self.start.addingTimeInterval(10)
        let noMatch = StoredGeocoding(places: [], storedAt: Self.start, expiresAt: later.addingTimeInterval(100))
        try await store.save(noMatch, for: "x", language: .en)
        #expect(try await store.answer(for: "x", language: .en, now: later)?.isNoMatch == true)
        let found = StoredGeocoding(places: [Self.tokyo], storedAt: later, expiresAt: later.addingTimeInterval(100))
        try await store.save(found, for: "X", language: .en)
        #expect(try await store.answer(for: "x", language: .en, now: later) == found)
    }

    @Test("saving drops answers that have expired", arguments: StoreBackend.all)
    func prunesExpired(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        try await store.save(
            StoredGeocoding(places: [Self.tokyo], storedAt: Self.start, expiresAt: Self.start.addingTimeInterval(5)),
            for: "old", language: .en)
        let later = Self.start.addingTimeInterval(10)
        let recent = StoredGeocoding(places: [], storedAt: later, expiresAt: later.addingTimeInterval(5))
        try await store.save(recent, for: "new", language: .en)
        // Asked as of a time before it expired: only a row that is gone can answer nil.
        #expect(try await store.answer(for: "old", language: .en, now: Self.start) == nil)
        #expect(try await store.answer(for: "new", language: .en, now: later) != nil)
    }

    @Test("a place geocoded by one service costs another on the same store no call", arguments: StoreBackend.all)
    func sharedAcrossServices(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        let first = try ServiceHarness(geocodingStore: store)
        let resolved = try await first.service.places(matching: "Tokyo", language: .ja)
        #expect(first.calls(to: WeatherPaths.geocoding) == 1)
        #expect(first.lookups("geocoding_store", "miss") == 1)

        let restarted = try ServiceHarness(geocodingStore: store)
        restarted.clock.advance(by: 29 * 86_400)
        let again = try await restarted.service.places(matching: " tokyo ", language: .ja)
        #expect(again.value == resolved.value)
        #expect(restarted.calls(to: WeatherPaths.geocoding) == 0)
        #expect(restarted.lookups("geocoding_store", "hit") == 1)

        let monthLater = try ServiceHarness(geocodingStore: store)
        monthLater.clock.advance(by: 30 * 86_400)
        _ = try await monthLater.service.places(matching: "Tokyo", language: .ja)
        #expect(monthLater.calls(to: WeatherPaths.geocoding) == 1, "after its 30 days the answer is asked for again")
    }

    @Test("no match is remembered across services for a day, then asked again", arguments: StoreBackend.all)
    func noMatchForADay(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        let first = try ServiceHarness(geocodingStore: store)
        _ = try? await first.service.places(matching: "Atlantis")
        #expect(first.calls(to: WeatherPaths.geocoding) == 1)

        let restarted = try ServiceHarness(geocodingStore: store)
        restarted.clock.advance(by: 86_399)
        let error = await #expect(throws: OpenWeatherError.self) { try await restarted.service.places(matching: "ATLANTIS ") }
        #expect(error?.kind == .placeNotFound(query: "ATLANTIS"), "the error names this caller's spelling")
        #expect(restarted.calls(to: WeatherPaths.geocoding) == 0)
        #expect(restarted.lookups("geocoding_store", "negative_hit") == 1)

        let dayLater = try ServiceHarness(geocodingStore: store)
        dayLater.clock.advance(by: 86_400)
        _ = try? await dayLater.service.places(matching: "Atlantis")
        #expect(dayLater.calls(to: WeatherPaths.geocoding) == 1)
    }

    @Test("a failing upstream error is not stored: the next service asks again")
    func failuresAreNotStored() async throws {
        let store = InMemoryGeocodingStore()
        let first = try ServiceHarness(geocodingStore: store)
        first.fake.setFailure(.serviceUnavailable)
        _ = try? await first.service.places(matching: "Tokyo")
        let second = try ServiceHarness(geocodingStore: store)
        _ = try await second.service.places(matching: "Tokyo")
        #expect(second.calls(to: WeatherPaths.geocoding) == 1)
    }

    @Test("recent answers: only unexpired ones that found places, the most recently stored first, at most the limit",
          arguments: StoreBackend.all)
    func recentAnswers(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        func save(_ query: String, places: [Place], storedAfter seconds: TimeInterval, lasting lifetime: TimeInterval) async throws {
            let storedAt = Self.start.addingTimeInterval(seconds)
            try await store.save(
                StoredGeocoding(places: places, storedAt: storedAt, expiresAt: storedAt.addingTimeInterval(lifetime)),
                for: query, language: .ja)
        }
        try await save("Tokyo", places: [Self.tokyo], storedAfter: 0, lasting: 1000)
        try await save("Osaka", places: [Self.tokyo], storedAfter: 2, lasting: 1000)
        try await save("nowhere", places: [], storedAfter: 3, lasting: 1000)
        try await save("brief", places: [Self.tokyo], storedAfter: 4, lasting: 6)
        let now = Self.start.addingTimeInterval(20)
        let recent = try await store.recentAnswers(limit: 10, now: now)
        #expect(recent.map(\.query) == ["osaka", "tokyo"])
        #expect(recent.first?.language == .ja)
        #expect(recent.last?.answer.places == [Self.tokyo])
        #expect(try await store.recentAnswers(limit: 1, now: now).map(\.query) == ["osaka"])
    }

    @Test("a new process warmed from the store answers a place seen before with no read of the store and no call",
          arguments: StoreBackend.all)
    func warmedAfterRestart(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().geocoding
        let before = try ServiceHarness(geocodingStore: store)
        _ = try await before.service.places(matching: "Tokyo", language: .ja)

        let restarted = try ServiceHarness(geocodingStore: store)
        #expect(await restarted.service.warmGeocoding() == 1)
        let places = try await restarted.service.places(matching: " tokyo ", language: .ja)
        #expect(places.value.first?.countryCode == "JP")
        #expect(restarted.calls(to: WeatherPaths.geocoding) == 0)
        #expect(restarted.lookups("geocoding", "hit") == 1)
        #expect(restarted.lookups("geocoding_store", "hit") == 0)
        // Another language is another answer: read from the store, not warmed.
        _ = try await restarted.service.places(matching: "Tokyo", language: .en)
        #expect(restarted.lookups("geocoding_store", "miss") == 1)
    }

    @Test("a store that cannot be read or written costs a call, never the answer")
    func brokenStore() async throws {
        let harness = try ServiceHarness(geocodingStore: BrokenGeocodingStore())
        let places = try await harness.service.places(matching: "Tokyo")
        #expect(places.value.first?.countryCode == "JP")
        #expect(harness.calls(to: WeatherPaths.geocoding) == 1)
        #expect(harness.lookups("geocoding_store", "unavailable") == 1)
        #expect(await harness.service.warmGeocoding() == 0)
    }
}

/// A store whose disk is gone.
struct BrokenGeocodingStore: GeocodingStore {
    func answer(for query: String, language: WeatherLanguage, now: Date) async throws(GeocodingStoreError) -> StoredGeocoding? {
        throw GeocodingStoreError("disk I/O error")
    }

    func save(_ answer: StoredGeocoding, for query: String, language: WeatherLanguage) async throws(GeocodingStoreError) {
        throw GeocodingStoreError("disk I/O error")
    }

    func recentAnswers(limit: Int, now: Date) async throws(GeocodingStoreError) -> [RecentGeocoding] {
        throw GeocodingStoreError("disk I/O error")
    }
}
