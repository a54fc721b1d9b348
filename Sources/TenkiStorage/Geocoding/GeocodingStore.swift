import Foundation
import Synchronization
import TenkiCore

/// Where geocoding answers outlive the process, so a place resolved once, by anyone, is never
/// geocoded again while its answer lasts: the state file in `serve` and `digest`, memory in
/// `preview` and tests. Keys are the normalised query and the language (see `GeocodingKey`).
public protocol GeocodingStore: Sendable {
    /// The answer stored for `query` in `language` if it has not expired at `now`; nil otherwise.
    func answer(
        for query: String, language: WeatherLanguage, now: Date
    ) async throws(GeocodingStoreError) -> StoredGeocoding?

    /// Stores `answer` for `query` in `language`, replacing any earlier one, and drops answers
    /// that expired before `answer.storedAt`.
    func save(_ answer: StoredGeocoding, for query: String, language: WeatherLanguage) async throws(GeocodingStoreError)

    /// Up to `limit` answers that found places and have not expired at `now`, the most recently
    /// stored first: what `serve` reads into memory at start (`WeatherService.warmGeocoding`).
    func recentAnswers(limit: Int, now: Date) async throws(GeocodingStoreError) -> [RecentGeocoding]
}

/// A stored answer with what it answers: the normalised query and the language.
public struct RecentGeocoding: Sendable, Equatable {
    public var query: String
    public var language: WeatherLanguage
    public var answer: StoredGeocoding
}

/// One stored geocoding answer: the matches, best first, or none (the place does not exist).
public struct StoredGeocoding: Sendable, Equatable {
    /// Best first; empty when the geocoder found no match.
    public var places: [Place]
    public var storedAt: Date
    public var expiresAt: Date

    public init(places: [Place], storedAt: Date, expiresAt: Date) {
        self.places = places
        self.storedAt = storedAt
        self.expiresAt = expiresAt
    }

    /// True when the geocoder found nothing.
    public var isNoMatch: Bool { places.isEmpty }
}

/// The geocoding answers could not be read or written.
public typealias GeocodingStoreError = StateStoreError

/// Answers kept in this process only: for `preview` and tests.
public final class InMemoryGeocodingStore: GeocodingStore {
    private let answers = Mutex<[GeocodingKey: StoredGeocoding]>([:])

    public init() {}

    public func answer(
        for query: String, language: WeatherLanguage, now: Date
    ) async throws(GeocodingStoreError) -> StoredGeocoding? {
        answers.withLock { $0[GeocodingKey(query: query, language: language)] }.flatMap { $0.expiresAt > now ? $0 : nil }
    }

    public func save(_ answer: StoredGeocoding, for query: String, language: WeatherLanguage) async throws(GeocodingStoreError) {
        answers.withLock { answers in
            answers = answers.filter { $0.value.expiresAt > answer.storedAt }
            answers[GeocodingKey(query: query, language: language)] = answer
        }
    }

    public func recentAnswers(limit: Int, now: Date) async throws(GeocodingStoreError) -> [RecentGeocoding] {
        let found = answers.withLock { $0.filter { !$0.value.isNoMatch && $0.value.expiresAt > now } }
        return found.sorted { $0.value.storedAt > $1.value.storedAt }.prefix(max(0, limit)).map {
            RecentGeocoding(query: $0.key.query, language: $0.key.language, answer: $0.value)
        }
    }
}

/// What makes two geocoding lookups the same question: `Tokyo`, ` tokyo ` and `TOKYO` are one
/// entry; the language is part of the key because it picks each place's localised name.
package struct GeocodingKey: Hashable, Sendable {
    package var query: String
    package var language: WeatherLanguage

    package init(query: String, language: WeatherLanguage) {
        self.query = Self.normalised(query)
        self.language = language
    }

    /// Trimmed, lowercased, runs of whitespace collapsed to one space.
    package static func normalised(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
