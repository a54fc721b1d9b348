import Foundation
import TenkiCore
import TenkiStorage

/// The `GeocodingStore` in front of the geocoder: an answer stored by any process, at any time
/// within its lifetime, is used instead of a call; what a call learns is stored (after the answer
/// has gone back when `deferWrite` is given). The store is an optimisation only: when it cannot
/// be read or written the call is made and the answer given.
///
/// Its lookups are counted as the `geocoding_store` cache (`hit`, `negative_hit`, `miss`,
/// `unavailable`), next to the in-memory `geocoding` cache in front of it.
struct StoredGeocodingLookup: Sendable {
    /// Nil: nothing outlives the process, every lookup geocodes.
    let store: (any GeocodingStore)?
    let clock: any WallClock
    let lifetime: TimeInterval
    let noMatchLifetime: TimeInterval
    let metrics: CacheMetrics
    let deferWrite: WeatherService.DeferredWrite?

    /// The stored matches for `query`, else `geocode()`'s, stored for next time. A stored "no
    /// match" throws `.placeNotFound` like the geocoder would.
    func places(
        matching query: String, language: WeatherLanguage, geocode: () async throws(OpenWeatherError) -> [Place]
    ) async throws(OpenWeatherError) -> [Place] {
        if let stored = await storedAnswer(for: query, language: language) {
            guard !stored.isNoMatch else { throw OpenWeatherError(.placeNotFound(query: query), operation: .geocode) }
            return stored.places
        }
        do throws(OpenWeatherError) {
            let places = try await geocode()
            await remember(places, query: query, language: language, lifetime: lifetime)
            return places
        } catch {
            if case .placeNotFound = error.kind {
                await remember([], query: query, language: language, lifetime: noMatchLifetime)
            }
            throw error
        }
    }

    /// The unexpired stored answer, counting the lookup; nil when there is none or the store failed.
    private func storedAnswer(for query: String, language: WeatherLanguage) async -> StoredGeocoding? {
        guard let store else { return nil }
        do {
            let stored = try await store.answer(for: query, language: language, now: clock.now())
            metrics.lookup(stored.map { $0.isNoMatch ? "negative_hit" : "hit" } ?? "miss")
            return stored
        } catch {
            metrics.lookup("unavailable")
            return nil
        }
    }

    private func remember(_ places: [Place], query: String, language: WeatherLanguage, lifetime: TimeInterval) async {
        guard let store else { return }
        let now = clock.now()
        let answer = StoredGeocoding(places: places, storedAt: now, expiresAt: now.addingTimeInterval(lifetime))
        let write: @Sendable () async -> Void = { try? await store.save(answer, for: query, language: language) }
        if let deferWrite { deferWrite(write) } else { await write() }
    }
}
