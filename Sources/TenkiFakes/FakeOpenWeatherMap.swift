import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// An in-process stand-in for OpenWeatherMap: direct geocoding (`/geo/1.0/direct`), current
/// weather (`/data/2.5/weather`), forecast (`/data/2.5/forecast`) and air pollution
/// (`/data/2.5/air_pollution`, see `airPollutionAnswer`), answered from samples
/// compiled into the binary (see `FakeOpenWeatherMap.builtInSamples`), so that tests, `tenki demo`
/// and `tenki fakes` run offline.
///
/// Like the real service it checks `appid` first (401 with the real body), answers geocoding
/// misses with `[]`, and returns the sample nearest to `lat`/`lon` for weather. Answers read as
/// the live service's at the fake's clock: the observation is the latest before now and the
/// forecast's 40 entries start at the next 3-hour slot (see `SampleTimeShifter`); descriptions
/// are in the `lang` asked for (see `conditions`); samples are stored in metric units and
/// converted for `units=imperial` or `standard`. Every request is recorded in `calls`.
///
/// Copies share their call log and settings, so a test can keep one copy and hand another to a
/// transport or server.
public struct FakeOpenWeatherMap: AsyncHTTPHandler, FakeProvider {
    /// The key the fake accepts unless told otherwise.
    public static let defaultAPIKey = "fake-openweather-key"

    public let apiKey: String
    public let samples: [Sample]
    /// The time answers are given at: samples are moved to it, so the forecast always lies ahead.
    public let clock: any WallClock
    public let providerState: FakeProviderState

    /// - Parameters:
    ///   - latency: waited before every answer (to exercise timeouts and the inline-answer budget).
    ///   - failure: when set, every request that passes the key check gets this status with an
    ///     OpenWeatherMap-shaped error body (401, 404, 429 and 400 use the real bodies).
    public init(
        apiKey: String = FakeOpenWeatherMap.defaultAPIKey, samples: [Sample] = FakeOpenWeatherMap.builtInSamples,
        latency: Duration = .zero, failure: HTTPStatus? = nil, clock: any WallClock = SystemWallClock()
    ) {
        self.apiKey = apiKey
        self.clock = clock
        self.samples = samples
        self.providerState = FakeProviderState(latency: latency, failure: failure)
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let call = Call(request)
        providerState.withLock { $0.calls.append(call) }
        let observer = await enterObserver()
        defer { observer?.leave() }
        // Read after the observer, so a test can change the failure while requests are held.
        let (latency, failure) = providerState.withLock { ($0.latency, $0.failure) }
        await waitLatency(latency)
        return respond(to: call, failure: failure)
    }

    func respond(to call: Call, failure: HTTPStatus?) -> HTTPResponse {
        guard call.query("appid") == apiKey else { return Self.error(.unauthorized) }
        if let failure { return Self.error(failure) }
        switch call.path {
        case "/geo/1.0/direct":
            guard let query = call.query("q"), !query.trimmingCharacters(in: .whitespaces).isEmpty else {
                return Self.json(.badRequest, Self.nothingToGeocode)
            }
            let limit = min(max(call.query("limit").flatMap { Int($0) } ?? 5, 1), 5)
            let found = samples.filter { $0.matches(query) }.prefix(limit)
            return Self.json(.ok, "[" + found.map(\.geocoding).joined(separator: ",") + "]")
        case "/data/2.5/weather", "/data/2.5/forecast", Self.airPollutionPath:
            guard let latText = call.query("lat"), let lonText = call.query("lon") else {
                return Self.json(.badRequest, Self.nothingToGeocode)
            }
            guard let lat = Double(latText), (-90...90).contains(lat) else {
                return Self.json(.badRequest, #"{"cod":"400","message":"wrong latitude"}"#)
            }
            guard let lon = Double(lonText), (-180...180).contains(lon) else {
                return Self.json(.badRequest, #"{"cod":"400","message":"wrong longitude"}"#)
            }
            if call.path == Self.airPollutionPath { return airPollutionAnswer(at: Coordinates(latitude: lat, longitude: lon)) }
            guard let sample = nearestSample(to: Coordinates(latitude: lat, longitude: lon)) else {
                return Self.json(.notFound, #"{"cod":"404","message":"city not found"}"#)
            }
            let isForecast = call.path == "/data/2.5/forecast"
            let body = answer(isForecast ? sample.forecast : sample.current, isForecast: isForecast, call: call)
            return HTTPResponse.json(.ok, body)
        default:
            // Constructed: the real service's answer to an unknown path is not captured.
            return Self.json(.notFound, #"{"cod":"404","message":"Internal error"}"#)
        }
    }

    /// A sample body as the live service would answer `call` now: times moved to the clock (see
    /// `SampleTimeShifter`), descriptions in the `lang` asked for, numbers in the `units` asked for.
    func answer(_ captured: String, isForecast: Bool, call: Call) -> [UInt8] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(captured.utf8)) as? [String: Any] else {
            return Array(captured.utf8)
        }
        let now = clock.now()
        let moved = isForecast ? SampleTimeShifter.forecast(object, now: now) : SampleTimeShifter.current(object, now: now)
        let translated = SampleTranslator.translate(moved, language: call.query("lang") ?? "en")
        let units = call.query("units").flatMap(Units.init(rawValue:)) ?? .standard
        var converted = SampleUnitConverter.convert(translated, from: .metric, to: units)
        if isForecast, let chance = providerState.withLock({ $0.precipitationChance }), var object = converted as? [String: Any],
           var list = object["list"] as? [[String: Any]] {
            for index in list.indices { list[index]["pop"] = chance }
            object["list"] = list
            converted = object
        }
        return (try? JSONSerialization.data(withJSONObject: converted)).map(Array.init) ?? Array(captured.utf8)
    }

    /// Gives every forecast step this chance of precipitation (0...1), as when the weather turns
    /// rainy; nil serves the samples' own again.
    public func setPrecipitationChance(_ chance: Double?) {
        providerState.withLock { $0.precipitationChance = chance }
    }

    /// The sample whose geocoded position is closest (flat-earth distance: enough to pick a city).
    func nearestSample(to point: Coordinates) -> Sample? {
        samples.min { lhs, rhs in
            lhs.squaredDistance(to: point) < rhs.squaredDistance(to: point)
        }
    }

    // MARK: - Bodies

    static let nothingToGeocode = #"{"cod":"400","message":"Nothing to geocode"}"#

    /// The error body OpenWeatherMap sends with `status` (verbatim where captured, see Tests/Fixtures).
    static func error(_ status: HTTPStatus) -> HTTPResponse {
        switch status.code {
        case 401:
            json(
                status,
                #"{"cod":401, "message": "Invalid API key. Please see http://openweathermap.org/faq#error401 for more info."}"#)
        case 404: json(status, #"{"cod":"404","message":"city not found"}"#)
        case 429:
            json(
                status,
                #"{"cod":429,"message":"Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription http://openweathermap.org/price"}"#
            )
        case 400: json(status, nothingToGeocode)
        // Constructed: no captured 5xx body.
        default: json(status, #"{"cod":\#(status.code),"message":"Internal error"}"#)
        }
    }
}
