import TenkiStorage

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
