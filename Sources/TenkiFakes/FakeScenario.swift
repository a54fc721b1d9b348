import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// How the fake providers misbehave, by name, for `tenki fakes --scenario` and replay files:
/// the failures a real deployment meets, reproducible offline.
public enum FakeScenario: String, Sendable, CaseIterable {
    /// Answers from the samples at once.
    case normal
    /// Answers after `slowLatency`: longer than the inline budget, so answers go to `response_url`.
    case slow
    /// Every call is refused as if the key were wrong (401).
    case unauthorized
    /// Every call is rate-limited (429).
    case rateLimited = "rate-limited"
    /// Every call fails with a server error (500).
    case serverError = "server-error"
    /// Every weather lookup says "city not found" (404).
    case notFound = "not-found"

    /// Long enough to miss Slack's window with the default 2-second budget, short enough for a demo.
    public static let slowLatency: Duration = .milliseconds(2500)

    /// Applies the scenario to both fakes.
    public func apply(to fakes: FakeUpstreams) {
        let failure: HTTPStatus? =
            switch self {
            case .normal, .slow: nil
            case .unauthorized: .unauthorized
            case .rateLimited: .tooManyRequests
            case .serverError: .internalServerError
            case .notFound: .notFound
            }
        let latency: Duration = self == .slow ? Self.slowLatency : .zero
        fakes.openWeather.setFailure(failure)
        fakes.openWeather.setLatency(latency)
        fakes.news.setFailure(self == .notFound ? nil : failure)
        fakes.news.setLatency(latency)
    }
}
