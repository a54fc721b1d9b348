import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiProviders

@Suite("OpenWeatherClient against the fake OpenWeatherMap")
struct OpenWeatherClientTests {
    let fake = FakeOpenWeatherMap(apiKey: "test-key")

    func client(
        key: String = "test-key", bearer: String? = nil, base: String = "https://api.openweathermap.test",
        logger: Logger = .discarding
    ) throws -> OpenWeatherClient {
        OpenWeatherClient(
            transport: HandlerTransport(fake), baseURL: try #require(URL(string: base)), apiKey: key, bearerToken: bearer,
            logger: logger)
    }

    @Test func geocodeJapaneseNameIsPercentEncodedAndCarriesTheKey() async throws {
        let places = try await client().geocode("東京", language: .ja)
        #expect(places.map(\.name) == ["Tokyo"])
        #expect(places.first?.localizedName == "東京")
        #expect(places.first?.countryCode == "JP")
        let call = try #require(fake.calls.last)
        #expect(call.path == "/geo/1.0/direct")
        #expect(call.rawQuery == "q=%E6%9D%B1%E4%BA%AC&limit=5&appid=test-key")
        #expect(call.query("q") == "東京")
        #expect(call.query("appid") == "test-key")
        #expect(call.headers["Accept"] == "application/json")
        #expect(call.headers["Authorization"] == nil)
    }

    @Test(arguments: [
        ("Đà Nẵng", "q=%C4%90%C3%A0%20N%E1%BA%B5ng&limit=5&appid=test-key"),
        ("Da Nang,VN", "q=Da%20Nang%2CVN&limit=5&appid=test-key"),
        ("A&B+C", "q=A%26B%2BC&limit=5&appid=test-key"),
    ])
    func queryCharactersArriveIntact(query: String, rawQuery: String) async throws {
        _ = try? await client().geocode(query)
        let call = try #require(fake.calls.last)
        #expect(call.rawQuery == rawQuery)
        #expect(call.query("q") == query)
    }

    @Test func geocodeDaNangByItsVietnameseName() async throws {
        let places = try await client().geocode("Đà Nẵng", limit: 1)
        #expect(
            places == [
                Place(name: "Da Nang", countryCode: "VN", coordinates: Coordinates(latitude: 16.0678, longitude: 108.2208))
            ])
        #expect(fake.calls.last?.query("limit") == "1")
    }

    @Test func unknownPlaceIsPlaceNotFound() async throws {
        let error = await #expect(throws: OpenWeatherError.self) { try await client().geocode("Atlantis") }
        #expect(error?.kind == .placeNotFound(query: "Atlantis"))
        #expect(error?.operation == .geocode)
    }

    @Test func blankQueryIsRejectedWithoutARequest() async throws {
        let error = await #expect(throws: OpenWeatherError.self) { try await client().geocode("  ") }
        #expect(error?.kind == .badRequest(message: "Nothing to geocode"))
        #expect(fake.calls.isEmpty)
    }

    @Test func currentWeatherRequestCarriesUnitsLanguageAndKey() async throws {
        let weather = try await client().currentWeather(
            at: Coordinates(latitude: 35.6895, longitude: 139.6917), units: .metric, language: .ja)
        #expect(weather.placeName == "東京都")
        #expect(weather.temperature == 10)
        #expect(weather.windGust == 9.77)
        #expect(weather.units == .metric)
        let call = try #require(fake.calls.last)
        #expect(call.path == "/data/2.5/weather")
        #expect(call.queryItems.map(\.name) == ["lat", "lon", "units", "lang", "appid"])
        #expect(call.query("lat") == "35.6895")
        #expect(call.query("lon") == "139.6917")
        #expect(call.query("units") == "metric")
        #expect(call.query("lang") == "ja")
        #expect(call.query("appid") == "test-key")
    }

    @Test func imperialUnitsAreConvertedByTheFake() async throws {
        let weather = try await client().currentWeather(at: Coordinates(latitude: 16.05, longitude: 108.22), units: .imperial)
        #expect(weather.placeName == "Da Nang")
        #expect(weather.temperature == 89.58)  // 31.99 °C
        #expect(weather.windSpeed == 8.05)  // 3.6 m/s
        #expect(fake.calls.last?.query("units") == "imperial")
    }

    @Test func forecastForSydney() async throws {
        let forecast = try await client().forecast(at: Coordinates(latitude: -33.9, longitude: 151.2))
        #expect(forecast.placeName == "Sydney")
        #expect(forecast.entries.count == 40)
        #expect(forecast.entries.contains { $0.rain?.period == .threeHours && ($0.rain?.millimetres ?? 0) > 0 })
        #expect(forecast.entries.allSatisfy { $0.precipitationProbability != nil })
        #expect(fake.calls.last?.path == "/data/2.5/forecast")
    }

    @Test func bearerTokenIsSentWhenConfigured() async throws {
        _ = try await client(bearer: "proxy-token").geocode("London")
        #expect(fake.calls.last?.headers["Authorization"] == "Bearer proxy-token")
    }

    @Test func baseURLPathPrefixIsKept() async throws {
        let handler = ClosureHTTPHandler { request in
            guard request.path == "/owm/geo/1.0/direct" else { return HTTPResponse.text(.internalServerError, "wrong path") }
            return HTTPResponse.json(.ok, Array(#"[{"name":"X","lat":1,"lon":2,"country":"GB"}]"#.utf8))
        }
        let client = OpenWeatherClient(
            transport: HandlerTransport(handler), baseURL: try #require(URL(string: "https://proxy.test/owm/")), apiKey: "k",
            logger: .discarding)
        #expect(try await client.geocode("X").map(\.name) == ["X"])
    }

    @Test func wrongKeyIsInvalidKeyAndNeverLeaks() async throws {
        let leaky = "KEY-SHOULD-NOT-LEAK"
        let sink = InMemoryLogSink()
        let logger = Logger(sink: sink, threshold: .debug)
        let client = try client(key: leaky, bearer: "BEARER-SHOULD-NOT-LEAK", logger: logger)
        var descriptions: [String] = []
        for operation in 0..<3 {
            do {
                switch operation {
                case 0: _ = try await client.geocode("London")
                case 1: _ = try await client.currentWeather(at: Coordinates(latitude: 1, longitude: 2))
                default: _ = try await client.forecast(at: Coordinates(latitude: 1, longitude: 2))
                }
                Issue.record("expected a failure")
            } catch {
                #expect(error.kind == .invalidKey)
                #expect(error.httpStatus == 401)
                #expect(error.providerCode == "401")
                descriptions += [error.description, String(describing: error), String(reflecting: error)]
            }
        }
        let logged = sink.records.map { LogLineFormatter.logfmt($0) }
        #expect(logged.count == 3)
        for text in descriptions + logged {
            #expect(!text.contains(leaky), "leaked in: \(text)")
            #expect(!text.contains("BEARER-SHOULD-NOT-LEAK"), "leaked in: \(text)")
        }
        #expect(sink.records.allSatisfy { $0.level == .debug && $0.value("url")?.contains("appid=REDACTED") == true })
        #expect(sink.records.first?.value("status") == "401")
        #expect(sink.records.first?.value("operation") == "geocode")
        #expect(sink.records.first?.value("duration_ms") != nil)
    }
}
