import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiProviders
import Testing

@testable import TenkiFakes

/// The fake's air pollution answers, and the forecast the hourly view reads, through the real client.
@Suite("FakeOpenWeatherMap serves air pollution and the hourly steps")
struct FakeOpenWeatherMapAirTests {
    static let key = FakeOpenWeatherMap.defaultAPIKey
    /// 2026-12-01 00:40 UTC.
    static let now = 1_796_085_600

    let fake = FakeOpenWeatherMap(clock: FixedClock(TimeInterval(FakeOpenWeatherMapAirTests.now)))

    func client(_ fake: FakeOpenWeatherMap? = nil) throws -> OpenWeatherClient {
        OpenWeatherClient(
            transport: HandlerTransport(fake ?? self.fake), baseURL: try #require(URL(string: "https://owm.test")),
            apiKey: Self.key, logger: .discarding)
    }

    func get(_ target: String) async -> (status: Int, body: String) {
        let response = await fake.handle(HTTPRequest(method: "GET", target: target))
        return (response.status.code, String(decoding: response.body, as: UTF8.self))
    }

    @Test("every built-in city has a real-shaped body; together they hold every index and a missing pollutant")
    func builtInBodies() throws {
        var indexes: Set<Int> = []
        for sample in FakeOpenWeatherMap.builtInSamples {
            let body = try #require(sample.airPollution, "\(sample.place.name) has no air pollution body")
            let air = try AirQuality(wire: JSONDecoder().decode(OpenWeatherWire.AirPollution.self, from: Data(body.utf8)))
            indexes.insert(air.index.rawValue)
        }
        #expect(indexes == [1, 2, 3, 4, 5])
        let chicago = try #require(FakeOpenWeatherMap.builtInSamples.first { $0.place.name == "Chicago" }?.airPollution)
        #expect(!chicago.contains("\"o3\""))
    }

    @Test("the answer is the nearest city's, at the point asked for and the current hour; the call is recorded")
    func answer() async throws {
        let (status, body) = await get("/data/2.5/air_pollution?lat=16.05&lon=108.22&appid=\(Self.key)")
        #expect(status == 200)
        let wire = try JSONDecoder().decode(OpenWeatherWire.AirPollution.self, from: Data(body.utf8))
        #expect(wire.coord?.lat == 16.05)
        #expect(wire.coord?.lon == 108.22)
        #expect(wire.list?.first?.dt == Self.now / 3600 * 3600)
        #expect(wire.list?.first?.main?.aqi == 2)
        let call = try #require(fake.calls.last)
        #expect(call.path == "/data/2.5/air_pollution")
        #expect(call.query("lat") == "16.05")
    }

    @Test("through the client: Seattle's index 5, Chicago's ozone unavailable")
    func throughTheClient() async throws {
        let seattle = try await client().airPollution(at: Coordinates(latitude: 47.61, longitude: -122.33))
        #expect(seattle.index == .veryPoor)
        #expect(seattle.fineParticles == 168.32)
        let chicago = try await client().airPollution(at: Coordinates(latitude: 41.85, longitude: -87.65))
        #expect(chicago.ozone == nil)
        #expect(chicago.nitrogenDioxide == 29.3)
        let call = try #require(fake.calls.last)
        #expect(call.rawQuery == "lat=41.85&lon=-87.65&appid=\(Self.key)")
    }

    @Test("the key check, failure scenarios and bad coordinates apply as to the weather paths")
    func keyAndFailures() async throws {
        #expect(await get("/data/2.5/air_pollution?lat=1&lon=2&appid=wrong").status == 401)
        let wrongLatitude = await get("/data/2.5/air_pollution?lat=95&lon=2&appid=\(Self.key)")
        #expect(wrongLatitude.body == #"{"cod":"400","message":"wrong latitude"}"#)
        fake.setFailure(.tooManyRequests)
        #expect(await get("/data/2.5/air_pollution?lat=1&lon=2&appid=\(Self.key)").status == 429)
        let client = try client()
        do {
            _ = try await client.airPollution(at: Coordinates(latitude: 1, longitude: 2))
            Issue.record("a rate-limited call succeeded")
        } catch {
            #expect(error.kind == .rateLimited)
            #expect(error.operation == .airPollution)
        }
    }

    @Test("an index outside 1...5 from upstream is an undecodable answer, named as the air-pollution call")
    func badIndexIsTyped() async throws {
        let base = FakeOpenWeatherMap.builtInSamples[0]
        let broken = try #require(FakeOpenWeatherMap.Sample(
            geocoding: base.geocoding, current: base.current, forecast: base.forecast,
            airPollution: #"{"coord":{"lon":1,"lat":2},"list":[{"main":{"aqi":7},"components":{},"dt":1}]}"#))
        let fake = FakeOpenWeatherMap(samples: [broken])
        let client = try client(fake)
        do {
            _ = try await client.airPollution(at: Coordinates(latitude: 16, longitude: 108))
            Issue.record("an index of 7 was accepted")
        } catch {
            #expect(error.kind == .undecodable(reason: "aqi 7 outside 1...5"))
            #expect(error.operation == .airPollution)
            #expect(!error.kind.isTemporary)
        }
    }

    @Test("the forecast gives the hourly view eight steps from the next 3-hour slot")
    func hourlySteps() async throws {
        let forecast = try await client().forecast(at: Coordinates(latitude: 16.0678, longitude: 108.2208))
        let steps = HourlyStep.next24Hours(of: forecast, now: Date(timeIntervalSince1970: TimeInterval(Self.now)))
        #expect(steps.count == 8)
        #expect(steps.first?.time == Date(timeIntervalSince1970: 1_796_094_000))  // 03:00 UTC
        #expect(steps.allSatisfy { $0.chanceOfPrecipitation != nil && $0.condition != nil })
    }
}
