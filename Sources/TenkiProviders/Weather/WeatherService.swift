import Foundation
import TenkiCore
import TenkiMetrics
import TenkiStorage

/// OpenWeatherMap behind caches: the one way the app asks for places and weather.
///
/// Build ONE per process and share it, so every request benefits from every other's answers and
/// concurrent identical questions make one upstream call. Answers carry their age; a stale one
/// (served because the upstream failed) says so through `CachedValue.staleAge`.
public struct WeatherService: Sendable {
    /// The cache policy per kind of call; the settings map onto these.
    public struct Configuration: Sendable, Equatable {
        public var currentWeather: CachePolicy
        public var forecast: CachePolicy
        public var geocoding: CachePolicy
        public var airQuality: CachePolicy
        /// How long a geocoding answer is kept in the `GeocodingStore`: places do not move.
        public var storedGeocodingLifetime: TimeInterval
        /// How long "no such place" is kept there: a place may be added, or a spelling fixed upstream.
        public var storedNoMatchLifetime: TimeInterval

        public init(
            currentWeather: CachePolicy = .currentWeather, forecast: CachePolicy = .forecast,
            geocoding: CachePolicy = .geocoding, storedGeocodingLifetime: TimeInterval = 30 * 86_400,
            storedNoMatchLifetime: TimeInterval = 86_400, airQuality: CachePolicy = .airQuality
        ) {
            self.currentWeather = currentWeather
            self.forecast = forecast
            self.geocoding = geocoding
            self.storedGeocodingLifetime = storedGeocodingLifetime
            self.storedNoMatchLifetime = storedNoMatchLifetime
            self.airQuality = airQuality
        }
    }

    /// Starts a write to a store that nobody waits for (the answer it keeps has gone back already).
    public typealias DeferredWrite = @Sendable (@escaping @Sendable () async -> Void) -> Void

    /// How many matches geocoding asks for (the API's maximum): one cached list serves both the
    /// best match and the "also matched" line.
    public static let geocodingLimit = 5

    let client: OpenWeatherClient
    let upstream: UpstreamMetrics
    let storedGeocoding: StoredGeocodingLookup
    let geocodingCache: ExpiringCache<GeocodingKey, [Place], OpenWeatherError>
    let currentCache: ExpiringCache<WeatherKey, CurrentWeather, OpenWeatherError>
    let forecastCache: ExpiringCache<WeatherKey, Forecast, OpenWeatherError>
    let airCache: ExpiringCache<PointKey, AirQuality, OpenWeatherError>
    let storedCurrent: StoredWeatherLookup
    let storedForecast: StoredWeatherLookup

    /// - Parameters:
    ///   - geocodingStore: where geocoding answers outlive the process (the state file), consulted on
    ///     a miss of the in-memory cache before OpenWeatherMap; nil keeps them in memory only.
    ///   - weatherStore: the same for the weather now and forecasts, while they are fresh.
    ///   - deferWrite: runs the stores' writes once the answer has gone back (`serve`: work the
    ///     server owns and drains); nil writes before answering.
    public init(
        client: OpenWeatherClient, clock: any WallClock, metrics: MetricsRegistry? = nil,
        configuration: Configuration = Configuration(), geocodingStore: (any GeocodingStore)? = nil,
        weatherStore: (any WeatherAnswerStore)? = nil, deferWrite: DeferredWrite? = nil
    ) {
        self.client = client
        upstream = UpstreamMetrics(upstream: "openweather", registry: metrics)
        storedGeocoding = StoredGeocodingLookup(
            store: geocodingStore, clock: clock, lifetime: configuration.storedGeocodingLifetime,
            noMatchLifetime: configuration.storedNoMatchLifetime,
            metrics: CacheMetrics(registry: metrics, cache: "geocoding_store"), deferWrite: deferWrite)
        func cache<Key, Value>(
            _ name: String, _ policy: CachePolicy, _ call: OpenWeatherError.Operation
        ) -> ExpiringCache<Key, Value, OpenWeatherError> {
            ExpiringCache(name, policy: policy, clock: clock, metrics: metrics, call: call)
        }
        geocodingCache = cache("geocoding", configuration.geocoding, .geocode)
        currentCache = cache("weather", configuration.currentWeather, .currentWeather)
        forecastCache = cache("forecast", configuration.forecast, .forecast)
        airCache = cache("air", configuration.airQuality, .airPollution)
        storedCurrent = StoredWeatherLookup(
            store: weatherStore, kind: "weather", clock: clock, metrics: metrics, deferWrite: deferWrite)
        storedForecast = StoredWeatherLookup(
            store: weatherStore, kind: "forecast", clock: clock, metrics: metrics, deferWrite: deferWrite)
    }

    /// How long a current-weather answer is fresh (for answers built from it, see `CachedValue.fetchedAt`).
    public var currentWeatherTimeToLive: TimeInterval { currentCache.policy.timeToLive }
    /// How long a geocoding answer is fresh.
    public var geocodingTimeToLive: TimeInterval { geocodingCache.policy.timeToLive }

    /// Places matching `query`, best first, never empty (no match is `.placeNotFound`, naming
    /// `query` as this caller typed it, even when the miss was cached from someone else's spelling).
    public func places(
        matching query: String, language: WeatherLanguage = .en
    ) async throws(OpenWeatherError) -> CachedValue<[Place]> {
        let key = GeocodingKey(query: query, language: language)
        let client = client, upstream = upstream, stored = storedGeocoding
        do {
            return try await geocodingCache.lookup(key) { () async throws(OpenWeatherError) -> [Place] in
                try await stored.places(matching: query, language: language) { () async throws(OpenWeatherError) -> [Place] in
                    try await upstream.measure(OpenWeatherError.Operation.geocode.rawValue, errorKind: \.metricLabel) {
                        () async throws(OpenWeatherError) -> [Place] in
                        try await client.geocode(query, limit: Self.geocodingLimit, language: language)
                    }
                }
            }
        } catch {
            var error = error
            if case .placeNotFound = error.kind {
                error.kind = .placeNotFound(query: query.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            throw error
        }
    }

    /// The weather now at `coordinates` (shared with lookups within about 1 km); `maxAge` asks
    /// anew for an answer older than that (Refresh).
    public func currentWeather(
        at coordinates: Coordinates, units: Units = .metric, language: WeatherLanguage = .en, maxAge: TimeInterval? = nil
    ) async throws(OpenWeatherError) -> CachedValue<CurrentWeather> {
        return try await lookup(currentCache, storedCurrent, .currentWeather, coordinates, units, language, maxAge: maxAge) {
            client async throws(OpenWeatherError) in try await client.currentWeather(at: coordinates, units: units, language: language)
        }
    }

    /// The 5-day / 3-hour forecast at `coordinates`; `maxAge` as for `currentWeather`.
    public func forecast(
        at coordinates: Coordinates, units: Units = .metric, language: WeatherLanguage = .en, maxAge: TimeInterval? = nil
    ) async throws(OpenWeatherError) -> CachedValue<Forecast> {
        return try await lookup(forecastCache, storedForecast, .forecast, coordinates, units, language, maxAge: maxAge) {
            client async throws(OpenWeatherError) in try await client.forecast(at: coordinates, units: units, language: language)
        }
    }

    /// The answer for `coordinates`, `units` and `language` from `cache` (one `WeatherKey` for the
    /// three); on a miss, from `stored` while fresh there, else one call through the client,
    /// measured as `operation`.
    private func lookup<Value: Codable & Sendable>(
        _ cache: ExpiringCache<WeatherKey, Value, OpenWeatherError>, _ stored: StoredWeatherLookup,
        _ operation: OpenWeatherError.Operation, _ coordinates: Coordinates, _ units: Units, _ language: WeatherLanguage,
        maxAge: TimeInterval? = nil, call: @escaping @Sendable (OpenWeatherClient) async throws(OpenWeatherError) -> Value
    ) async throws(OpenWeatherError) -> CachedValue<Value> {
        let client = client, upstream = upstream
        let key = WeatherKey(coordinates: coordinates, units: units, language: language)
        let timeToLive = cache.policy.timeToLive, freshFor = min(timeToLive, maxAge ?? .infinity)
        return try await cache.lookup(key, maxAge: maxAge) { () async throws(OpenWeatherError) -> Fetched<Value> in
            try await stored.fetch(key, freshFor: freshFor, timeToLive: timeToLive) {
                () async throws(OpenWeatherError) -> Value in
                try await upstream.measure(operation.rawValue, errorKind: \.metricLabel) {
                    () async throws(OpenWeatherError) -> Value in try await call(client)
                }
            }
        }
    }

    /// The weather now at every place, looked up concurrently (one child task per place), in
    /// the order of `places`. One place failing does not fail the others.
    public func currentWeather(
        forPlaces places: [Place], units: Units = .metric, language: WeatherLanguage = .en
    ) async -> [Result<CachedValue<CurrentWeather>, OpenWeatherError>] {
        typealias Outcome = Result<CachedValue<CurrentWeather>, OpenWeatherError>
        return await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, place) in places.enumerated() {
                group.addTask {
                    do throws(OpenWeatherError) {
                        return (
                            index, .success(try await currentWeather(at: place.coordinates, units: units, language: language))
                        )
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            // Every slot is overwritten below; the placeholder only stands for "never answered".
            var results = [Outcome](
                repeating: .failure(OpenWeatherError(.cancelled, operation: .currentWeather)), count: places.count)
            for await (index, outcome) in group { results[index] = outcome }
            return results
        }
    }
}

extension WeatherService {
    /// At most this many answers are read at start: a fraction of a second of decoding, done in
    /// the background; older places are read from the store on their first command, as before.
    public static let warmedGeocodingAnswers = 1_000

    /// Reads the most recently stored geocoding answers into memory, so that after a restart a
    /// place seen before costs neither a call nor a read of the store on its first command.
    /// Returns how many places were warmed; a store that cannot be read warms none, and every
    /// lookup then reads the store as usual.
    public func warmGeocoding() async -> Int {
        guard let store = storedGeocoding.store else { return 0 }
        let limit = min(geocodingCache.policy.maxEntries, Self.warmedGeocodingAnswers)
        guard let recent = try? await store.recentAnswers(limit: limit, now: storedGeocoding.clock.now()) else { return 0 }
        for entry in recent {
            await geocodingCache.seed(GeocodingKey(query: entry.query, language: entry.language), with: entry.answer.places)
        }
        return recent.count
    }
}
