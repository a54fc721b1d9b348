import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiProviders
import Testing

@testable import TenkiFakes
@testable import TenkiTestSupport

@Suite("FakeOpenWeatherMap behaves like OpenWeatherMap")
struct FakeOpenWeatherMapTests {
    let fake = FakeOpenWeatherMap()
    let key = FakeOpenWeatherMap.defaultAPIKey

    func get(_ target: String) async -> (status: Int, body: String) {
        let response = await fake.handle(HTTPRequest(method: "GET", target: target))
        return (response.status.code, String(decoding: response.body, as: UTF8.self))
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func sevenBuiltInCitiesAllDecode() throws {
        let samples = FakeOpenWeatherMap.builtInSamples
        #expect(samples.map(\.place.name) == ["Da Nang", "Tokyo", "London", "Chicago", "Seattle", "Sydney", "Hamburg"])
        for sample in samples {
            let current = CurrentWeather(wire: try decode(OpenWeatherWire.CurrentWeather.self, sample.current), units: .metric)
            let forecast = Forecast(wire: try decode(OpenWeatherWire.Forecast.self, sample.forecast), units: .metric)
            #expect(forecast.entries.count == FakeOpenWeatherMap.constructedSteps)
            #expect(forecast.placeName == current.placeName)
            #expect(forecast.countryCode == sample.place.country)
            #expect(current.countryCode == sample.place.country)
            // Stored steps are three hours apart from a UTC midnight; the fake serves 40 of them.
            let times = forecast.entries.map(\.time.timeIntervalSince1970)
            #expect(times.first.map { Int($0) % 86_400 == 0 } == true)
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 10_800 })
        }
    }

    @Test func samplesKeepTheirCharacter() throws {
        func current(_ index: Int) throws -> CurrentWeather {
            CurrentWeather(
                wire: try decode(OpenWeatherWire.CurrentWeather.self, FakeOpenWeatherMap.builtInSamples[index].current),
                units: .metric)
        }
        #expect(try current(1).placeName == "東京都")
        #expect(try current(3).snow == PrecipitationAmount(millimetres: 0.58, period: .oneHour))
        #expect(try current(4).primaryCondition?.id == 701)
        #expect(try current(5).conditions.count == 2)
        #expect(try current(6).windDirectionDegrees == nil)
        #expect(try current(6).primaryCondition?.description == "fog")
    }

    @Test func dtTextMatchesTheRealFormat() {
        #expect(FakeOpenWeatherMap.dateText(1_647_345_600) == "2022-03-15 12:00:00")
        #expect(FakeOpenWeatherMap.dateText(1_551_646_800) == "2019-03-03 21:00:00")
        #expect(FakeOpenWeatherMap.dateText(0) == "1970-01-01 00:00:00")
    }

    @Test(arguments: [
        ("Tokyo", ["Tokyo"]), ("tokyo,JP", ["Tokyo"]), ("TOKYO, jp", ["Tokyo"]), ("Tokyo,US", []), ("東京", ["Tokyo"]),
        ("Đà Nẵng", ["Da Nang"]), ("Danang", ["Da Nang"]), ("da nang,VN", ["Da Nang"]), ("ロンドン", ["London"]),
        ("london,GB", ["London"]), ("Chicago,IL,US", ["Chicago"]), ("Atlantis", []),
    ])
    func geocodingMatches(query: String, names: [String]) async throws {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        let (status, body) = await get("/geo/1.0/direct?q=\(encoded)&limit=5&appid=\(key)")
        #expect(status == 200)
        #expect(try decode([OpenWeatherWire.GeocodingResult].self, body).map(\.name) == names)
    }

    @Test func wrongOrMissingKeyGetsTheReal401Body() async throws {
        for target in ["/data/2.5/weather?lat=1&lon=2&appid=wrong", "/data/2.5/weather?lat=1&lon=2", "/geo/1.0/direct?q=Tokyo"] {
            let (status, body) = await get(target)
            #expect(status == 401)
            #expect(
                body
                    == String(
                        decoding: try Fixtures.bytes("owm_error_401_invalid_api_key_cod_int.json"), as: UTF8.self))
        }
    }

    @Test func badParametersGetTheReal400Bodies() async throws {
        #expect(await get("/geo/1.0/direct?q=&appid=\(key)").body == #"{"cod":"400","message":"Nothing to geocode"}"#)
        #expect(await get("/data/2.5/weather?lat=95&lon=2&appid=\(key)").body == #"{"cod":"400","message":"wrong latitude"}"#)
        #expect(await get("/data/2.5/weather?appid=\(key)").status == 400)
        #expect(await get("/data/3.0/onecall?appid=\(key)").status == 404)
    }

    @Test(arguments: [
        (53.5, 9.9, "Hamburg"), (16.05, 108.22, "Da Nang"), (35.7, 139.7, "東京都"), (-33.9, 151.2, "Sydney"),
        (47.6, -122.3, "Seattle"), (41.9, -87.6, "Chicago"), (51.5, 0.0, "London"),
    ])
    func weatherComesFromTheNearestSample(lat: Double, lon: Double, name: String) async throws {
        let (status, body) = await get("/data/2.5/weather?lat=\(lat)&lon=\(lon)&units=metric&appid=\(key)")
        #expect(status == 200)
        #expect(try decode(OpenWeatherWire.CurrentWeather.self, body).name == name)
    }

    @Test func unitsAreConvertedFromMetricAndDefaultToStandard() async throws {
        let chicago = "/data/2.5/weather?lat=41.85&lon=-87.65&appid=\(key)"
        #expect(try decode(OpenWeatherWire.CurrentWeather.self, await get(chicago + "&units=metric").body).main.temp == -0.89)
        // Back to the Kelvin the original capture had.
        #expect(try decode(OpenWeatherWire.CurrentWeather.self, await get(chicago).body).main.temp == 272.26)
        let imperial = try decode(OpenWeatherWire.CurrentWeather.self, await get(chicago + "&units=imperial").body)
        #expect(imperial.main.temp == 30.4)
        #expect(imperial.wind.speed == 11.5)
        #expect(imperial.name == "Chicago")
        // The same forecast step in °C and °F, from a fake whose clock stands still between the two calls.
        let fixed = FakeOpenWeatherMap(clock: FixedClock(1_796_083_200))
        func firstTemperature(_ units: String) async throws -> Double? {
            let target = "/data/2.5/forecast?lat=41.85&lon=-87.65&units=\(units)&appid=\(key)"
            let body = await fixed.handle(HTTPRequest(method: "GET", target: target)).body
            return try decode(OpenWeatherWire.Forecast.self, String(decoding: body, as: UTF8.self)).list.first?.main.temp
        }
        let celsius = try #require(try await firstTemperature("metric"))
        #expect(try await firstTemperature("imperial") == ((celsius * 9 / 5 + 32) * 100).rounded() / 100)
    }

    @Test func callsAreRecordedAndSharedByCopies() async throws {
        let copy = fake
        _ = await copy.handle(
            HTTPRequest(method: "GET", target: "/geo/1.0/direct?q=Da+Nang&appid=\(key)", headers: ["X-Test": "1"]))
        let call = try #require(fake.calls.first)
        #expect(fake.calls.count == 1)
        #expect(call.path == "/geo/1.0/direct")
        #expect(call.query("q") == "Da Nang")
        #expect(call.rawQuery == "q=Da+Nang&appid=\(key)")
        #expect(call.headers["x-test"] == "1")
        fake.removeAllCalls()
        #expect(copy.calls.isEmpty)
    }

    @Test func forcedFailureAndLatency() async throws {
        let client = OpenWeatherClient(
            transport: HandlerTransport(fake), baseURL: try #require(URL(string: "https://owm.test")), apiKey: key,
            logger: .discarding)
        fake.setFailure(.tooManyRequests)
        let limited = await #expect(throws: OpenWeatherError.self) { try await client.geocode("Tokyo") }
        #expect(limited?.kind == .rateLimited)
        fake.setFailure(.serviceUnavailable)
        let down = await #expect(throws: OpenWeatherError.self) { try await client.geocode("Tokyo") }
        #expect(down?.kind == .upstream(status: 503))
        fake.setFailure(nil)
        fake.setLatency(.milliseconds(60))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await client.geocode("Tokyo").count == 1)
        #expect(clock.now - start >= .milliseconds(60))
    }
}
