import Foundation
import TenkiCore
import TenkiMetrics
import TenkiStorage

/// The `WeatherAnswerStore` in front of one kind of weather call: an answer that any process
/// fetched within the time to live is used instead of a call, with its age; what a call fetches is
/// stored, after the answer has gone back when `deferWrite` is given. An optimisation only: when
/// the store cannot be read or written, or a stored answer cannot be decoded (written by another
/// version), the call is made and the answer given.
///
/// Its lookups are counted as the `<kind>_store` cache (`weather_store`, `forecast_store`: `hit`,
/// `miss`, `unavailable`), next to the in-memory cache in front of it.
struct StoredWeatherLookup: Sendable {
    /// Nil: nothing outlives the process, every miss of the in-memory cache calls.
    let store: (any WeatherAnswerStore)?
    /// The in-memory cache's name (`weather`, `forecast`): the first part of every key.
    let kind: String
    let clock: any WallClock
    let metrics: CacheMetrics
    let deferWrite: WeatherService.DeferredWrite?

    init(
        store: (any WeatherAnswerStore)?, kind: String, clock: any WallClock, metrics: MetricsRegistry?,
        deferWrite: WeatherService.DeferredWrite?
    ) {
        self.store = store
        self.kind = kind
        self.clock = clock
        self.metrics = CacheMetrics(registry: metrics, cache: "\(kind)_store")
        self.deferWrite = deferWrite
    }

    /// The stored answer for `key` fetched within `freshFor` seconds, else `call()`'s, stored for
    /// `timeToLive` seconds.
    func fetch<Value: Codable & Sendable>(
        _ key: WeatherKey, freshFor: TimeInterval, timeToLive: TimeInterval,
        call: () async throws(OpenWeatherError) -> Value
    ) async throws(OpenWeatherError) -> Fetched<Value> {
        let storeKey = "\(kind)/\(key.latitudeCell)/\(key.longitudeCell)/\(key.units.rawValue)/\(key.language.rawValue)"
        if let stored: Fetched<Value> = await storedAnswer(for: storeKey, freshFor: freshFor) {
            return stored
        }
        let value = try await call()
        let fetchedAt = clock.now()
        if let store, timeToLive > 0 {
            let write: @Sendable () async -> Void = {
                guard let body = try? JSONEncoder().encode(value) else { return }
                let answer = StoredWeatherAnswer(
                    body: String(decoding: body, as: UTF8.self), fetchedAt: fetchedAt, expiresAt: fetchedAt + timeToLive)
                try? await store.save(answer, for: storeKey)
            }
            if let deferWrite { deferWrite(write) } else { await write() }
        }
        return Fetched(value: value, fetchedAt: fetchedAt)
    }

    /// The stored answer, decoded, counting the lookup; nil when there is none, or it cannot be read.
    private func storedAnswer<Value: Decodable & Sendable>(for key: String, freshFor: TimeInterval) async -> Fetched<Value>? {
        guard let store, freshFor > 0 else { return nil }
        let now = clock.now()
        let stored: StoredWeatherAnswer?
        do {
            stored = try await store.answer(for: key, fetchedAfter: now - freshFor, now: now)
        } catch {
            metrics.lookup("unavailable")
            return nil
        }
        guard let stored, let value = try? JSONDecoder().decode(Value.self, from: Data(stored.body.utf8)) else {
            metrics.lookup("miss")
            return nil
        }
        metrics.lookup("hit")
        return Fetched(value: value, fetchedAt: stored.fetchedAt)
    }
}
