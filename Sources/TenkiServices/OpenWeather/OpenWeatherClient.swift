import Foundation
import TenkiCore
import TenkiHTTP
import TenkiLogging

/// OpenWeatherMap's geocoding, current-weather and forecast endpoints, over any `HTTPTransport`.
///
/// Every failure is an `OpenWeatherError` that says which call failed and why, never with the
/// key in it. Each request writes one debug line (redacted URL, status, duration).
public struct OpenWeatherClient: Sendable {
    public let baseURL: URL
    public let timeout: Duration
    let transport: any HTTPTransport
    let apiKey: String
    let bearerToken: String?
    let logger: Logger

    /// - Parameters:
    ///   - baseURL: `https://api.openweathermap.org`, or a proxy (a path prefix is kept).
    ///   - bearerToken: sent as `Authorization: Bearer …`, for proxies that want their own credential.
    public init(
        transport: any HTTPTransport, baseURL: URL, apiKey: String, bearerToken: String? = nil, timeout: Duration = .seconds(5),
        logger: Logger
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.bearerToken = bearerToken
        self.timeout = timeout
        self.logger = logger
    }

    /// Places matching `query` (`Da Nang`, `London,GB`, `東京`), best first.
    /// An empty result is `.placeNotFound`, so callers never have to check for `[]`.
    ///
    /// - Parameters:
    ///   - limit: 1...5 (the API's maximum is 5; values outside are clamped).
    ///   - language: picks `Place.localizedName` from the result's `local_names`.
    public func geocode(
        _ query: String, limit: Int = 5, language: WeatherLanguage = .en
    ) async throws(OpenWeatherError) -> [Place] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw OpenWeatherError(.badRequest(message: "Nothing to geocode"), operation: .geocode)
        }
        let results: [OpenWeatherWire.GeocodingResult] = try await get(
            .geocode, path: "/geo/1.0/direct", query: [("q", trimmed), ("limit", String(min(max(limit, 1), 5)))], subject: trimmed
        )
        guard !results.isEmpty else {
            throw OpenWeatherError(.placeNotFound(query: trimmed), operation: .geocode, httpStatus: 200)
        }
        return results.map { Place(wire: $0, language: language) }
    }

    /// The weather now at `coordinates`, in `units`, with descriptions in `language`.
    public func currentWeather(
        at coordinates: Coordinates, units: Units = .metric, language: WeatherLanguage = .en
    ) async throws(OpenWeatherError) -> CurrentWeather {
        let wire: OpenWeatherWire.CurrentWeather = try await get(
            .currentWeather, path: "/data/2.5/weather", query: weatherQuery(coordinates, units, language),
            subject: coordinates.description)
        return CurrentWeather(wire: wire, units: units)
    }

    /// The 5-day / 3-hour forecast at `coordinates`.
    public func forecast(
        at coordinates: Coordinates, units: Units = .metric, language: WeatherLanguage = .en
    ) async throws(OpenWeatherError) -> Forecast {
        let wire: OpenWeatherWire.Forecast = try await get(
            .forecast, path: "/data/2.5/forecast", query: weatherQuery(coordinates, units, language),
            subject: coordinates.description)
        return Forecast(wire: wire, units: units)
    }

    private func weatherQuery(
        _ coordinates: Coordinates, _ units: Units, _ language: WeatherLanguage
    ) -> [(name: String, value: String)] {
        [
            ("lat", Coordinates.decimal(coordinates.latitude)), ("lon", Coordinates.decimal(coordinates.longitude)),
            ("units", units.queryValue), ("lang", language.openWeatherCode),
        ]
    }

    /// Sends one GET and decodes a `T`, or throws the error the response (or its absence) means.
    /// `subject` names what was asked for, for `.placeNotFound`.
    private func get<T: Decodable>(
        _ operation: OpenWeatherError.Operation, path: String, query: [(name: String, value: String)], subject: String
    ) async throws(OpenWeatherError) -> T {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let text = base + path + "?" + QueryEncoding.encode(query + [("appid", apiKey)])
        guard let url = URL(string: text) else {
            throw OpenWeatherError(.connectionFailed(reason: "cannot build a URL from the base URL"), operation: operation)
        }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let bearerToken { headers.add("Authorization", "Bearer \(bearerToken)") }
        let request = OutboundRequest(method: "GET", url: url, headers: headers, timeout: timeout)

        let clock = ContinuousClock()
        let start = clock.now
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            log(
                operation, text, status: "none", since: start, clock,
                extra: [("error", OpenWeatherResponseInterpreter.scrub(error.description, secrets: secrets))])
            throw OpenWeatherError(kind(for: error), operation: operation)
        }
        log(operation, text, status: String(response.status), since: start, clock)
        return try OpenWeatherResponseInterpreter(operation: operation, subject: subject, secrets: secrets)
            .interpret(status: response.status, body: response.body)
    }

    private var secrets: [String] { [apiKey, bearerToken].compactMap { $0 }.filter { !$0.isEmpty } }

    private func kind(for error: TransportError) -> OpenWeatherError.Kind {
        switch error {
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .connectionFailed(let reason), .invalidResponse(let reason):
            .connectionFailed(reason: OpenWeatherResponseInterpreter.scrub(reason, secrets: secrets))
        }
    }

    private func log(
        _ operation: OpenWeatherError.Operation, _ url: String, status: String, since start: ContinuousClock.Instant,
        _ clock: ContinuousClock, extra: [(key: String, value: String)] = []
    ) {
        guard logger.isEnabled(.debug) else { return }
        let elapsed = clock.now - start
        let millis = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        logger.debug(
            "openweather request",
            [
                ("operation", operation.rawValue), ("url", URLRedaction.redactingSecrets(in: url)), ("status", status),
                ("duration_ms", String(millis)),
            ] + extra)
    }
}
