import Foundation
import Synchronization

/// Where weather answers (the weather now, forecasts) outlive the process for as long as they are
/// fresh, so a restart, or another replica on the same PostgreSQL, answers from what was already
/// fetched instead of asking OpenWeatherMap again: the state file in `serve` and `digest`, memory in
/// tests. Keys and answers are opaque text here; `WeatherService` decides both.
public protocol WeatherAnswerStore: Sendable {
    /// The answer stored under `key`, if it was fetched after `fetchedAfter` and has not expired at
    /// `now`; nil otherwise.
    func answer(for key: String, fetchedAfter: Date, now: Date) async throws(StateStoreError) -> StoredWeatherAnswer?

    /// Stores `answer` under `key`, replacing one fetched earlier but never one fetched later (an
    /// older answer may be written last), and drops answers that expired before `answer.fetchedAt`.
    func save(_ answer: StoredWeatherAnswer, for key: String) async throws(StateStoreError)
}

/// One stored answer: its encoded form and when OpenWeatherMap gave it.
public struct StoredWeatherAnswer: Sendable, Equatable {
    /// The answer as `WeatherService` encoded it (JSON).
    public var body: String
    public var fetchedAt: Date
    public var expiresAt: Date

    public init(body: String, fetchedAt: Date, expiresAt: Date) {
        self.body = body
        self.fetchedAt = fetchedAt
        self.expiresAt = expiresAt
    }
}

/// Answers kept in this process only: for tests.
public final class InMemoryWeatherAnswerStore: WeatherAnswerStore {
    private let answers = Mutex<[String: StoredWeatherAnswer]>([:])

    public init() {}

    public func answer(for key: String, fetchedAfter: Date, now: Date) async throws(StateStoreError) -> StoredWeatherAnswer? {
        answers.withLock { $0[key] }.flatMap { $0.fetchedAt > fetchedAfter && $0.expiresAt > now ? $0 : nil }
    }

    public func save(_ answer: StoredWeatherAnswer, for key: String) async throws(StateStoreError) {
        answers.withLock { answers in
            answers = answers.filter { $0.value.expiresAt > answer.fetchedAt }
            if let kept = answers[key], kept.fetchedAt > answer.fetchedAt { return }
            answers[key] = answer
        }
    }
}
