import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiLogging

/// OpenWeatherMap's geocoding, current-weather, forecast and air-pollution endpoints, over any `HTTPTransport`.
///
/// Every failure is an `OpenWeatherError` that says which call failed and why, never with the
/// key in it. Each request writes one debug line (redacted URL, status, duration).
public struct OpenWeatherClient: ProviderClient {
    package static let provider = "openweather"
    /// The base URL, timeout, transport and logger, and the key and token as secrets to scrub.
    let request: ProviderRequest
    public var baseURL: URL { request.baseURL }
    public var timeout: Duration { request.timeout }

    /// Calls to `https://api.openweathermap.org`, or a proxy, as `request` says (see `ProviderClient`).
    package init(request: ProviderRequest) {
        self.request = request
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
        let wire: OpenWeatherWire.CurrentWeather = try await weather(
            .currentWeather, "/data/2.5/weather", coordinates, units, language)
        return CurrentWeather(wire: wire, units: units)
    }

    /// The 5-day / 3-hour forecast at `coordinates`.
    public func forecast(
        at coordinates: Coordinates, units: Units = .metric, language: WeatherLanguage = .en
    ) async throws(OpenWeatherError) -> Forecast {
        let wire: OpenWeatherWire.Forecast = try await weather(.forecast, "/data/2.5/forecast", coordinates, units, language)
        return Forecast(wire: wire, units: units)
    }

    /// The air quality now at `coordinates`. A body without a measurement or with an index outside
    /// 1...5 is `.undecodable`: the upstream answered something Tenki cannot show.
    public func airPollution(at coordinates: Coordinates) async throws(OpenWeatherError) -> AirQuality {
        let query = [("lat", Coordinates.decimal(coordinates.latitude)), ("lon", Coordinates.decimal(coordinates.longitude))]
        let wire: OpenWeatherWire.AirPollution = try await get(
            .airPollution, path: "/data/2.5/air_pollution", query: query, subject: coordinates.description)
        do {
            return try AirQuality(wire: wire)
        } catch {
            throw OpenWeatherError(.undecodable(reason: error.description), operation: .airPollution, httpStatus: 200)
        }
    }

    /// One of the weather endpoints at `coordinates`, which a `.placeNotFound` reports as the subject.
    private func weather<T: Decodable>(
        _ operation: OpenWeatherError.Operation, _ path: String, _ coordinates: Coordinates, _ units: Units,
        _ language: WeatherLanguage
    ) async throws(OpenWeatherError) -> T {
        let query = [
            ("lat", Coordinates.decimal(coordinates.latitude)), ("lon", Coordinates.decimal(coordinates.longitude)),
            ("units", units.queryValue), ("lang", language.openWeatherCode),
        ]
        return try await get(operation, path: path, query: query, subject: coordinates.description)
    }

    /// Sends one GET and decodes a `T`, or throws the error the response (or its absence) means.
    /// `subject` names what was asked for, for `.placeNotFound`.
    private func get<T: Decodable>(
        _ operation: OpenWeatherError.Operation, path: String, query: [(name: String, value: String)], subject: String
    ) async throws(OpenWeatherError) -> T {
        let response: OutboundResponse
        do {
            response = try await request.get(path: path, query: query + [("appid", request.apiKey)], operation: operation.rawValue)
        } catch {
            throw OpenWeatherError(error.kind(), operation: operation)
        }
        return try OpenWeatherResponseInterpreter(operation: operation, subject: subject, secrets: request.secrets)
            .interpret(status: response.status, body: response.body)
    }
}
