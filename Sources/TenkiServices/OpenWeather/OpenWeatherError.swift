/// Why an OpenWeatherMap call produced no result (see `ProviderError`).
public typealias OpenWeatherError = ProviderError<OpenWeatherMap>

/// OpenWeatherMap, as its errors name it.
public enum OpenWeatherMap: ProviderAPI {
    public static let displayName = "OpenWeatherMap"
    /// The body's `cod`, as sent (`"404"` or `401`).
    public static let codeField = "cod"

    public enum Kind: ProviderErrorKind {
        /// Geocoding found nothing (HTTP 200 with `[]`), or the API answered 404 "city not found".
        /// `query` is what the user asked for (or the coordinates, for weather calls).
        case placeNotFound(query: String)
        /// 401: the key is wrong, not yet active, or lacks the subscription.
        case invalidKey
        /// 429: over the plan's call limit.
        case rateLimited
        /// 400: the API rejected a parameter (`wrong latitude`, `Nothing to geocode`).
        case badRequest(message: String)
        /// 5xx, or another status Tenki has no meaning for.
        case upstream(status: Int)
        /// No answer within the client's timeout.
        case timedOut
        /// No connection, or the connection broke.
        case connectionFailed(reason: String)
        /// The request was cancelled (the caller's task ended).
        case cancelled
        /// A 2xx body that is not the expected JSON.
        case undecodable(reason: String)
    }

    /// Which client call failed.
    public enum Operation: String, Sendable, Equatable {
        case geocode
        case currentWeather = "current-weather"
        case forecast
        case airPollution = "air-pollution"
    }
}

extension OpenWeatherMap.Kind {
    public var isTemporary: Bool {
        switch self {
        case .rateLimited, .upstream, .timedOut, .connectionFailed: true
        case .placeNotFound, .invalidKey, .badRequest, .cancelled, .undecodable: false
        }
    }

    public var summary: String {
        switch self {
        case .placeNotFound(let query): "place not found: \(query)"
        case .invalidKey: "invalid API key"
        case .rateLimited: "rate limited"
        case .badRequest(let message): "bad request: \(message)"
        case .upstream(let status): "upstream error \(status)"
        case .timedOut: "timed out"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .cancelled: "cancelled"
        case .undecodable(let reason): "undecodable response: \(reason)"
        }
    }
}
