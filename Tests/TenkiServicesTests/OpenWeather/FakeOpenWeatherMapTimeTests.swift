import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import Testing

@testable import TenkiFakes
import TenkiTestSupport

/// The fake answers like the live service at any hour and in the language asked for.
@Suite("FakeOpenWeatherMap at any hour and in any language")
struct FakeOpenWeatherMapTimeTests {
    static let key = FakeOpenWeatherMap.defaultAPIKey
    /// 2026-12-01 00:00 UTC.
    static let midnight: TimeInterval = 1_796_083_200

    static func get(_ target: String, at seconds: TimeInterval) async throws -> String {
        let fake = FakeOpenWeatherMap(clock: FixedClock(seconds))
        let response = await fake.handle(HTTPRequest(method: "GET", target: target + "&appid=\(key)"))
        #expect(response.status == .ok)
        return String(decoding: response.body, as: UTF8.self)
    }

    static func coordinates(_ sample: FakeOpenWeatherMap.Sample) -> String {
        "lat=\(sample.place.lat)&lon=\(sample.place.lon)"
    }

    @Test(
        "the forecast is 40 steps three hours apart from the next 3-hour slot, for every city",
        arguments: [0, 1_800, 10_799, 10_800, 43_200, 63_900, 84_600])
    func forecastStartsAtTheNextSlot(secondsIntoDay: Int) async throws {
        let now = Self.midnight + TimeInterval(secondsIntoDay)
        let nextSlot = Int(Self.midnight) + (secondsIntoDay / 10_800 + 1) * 10_800
        for sample in FakeOpenWeatherMap.builtInSamples {
            let body = try await Self.get("/data/2.5/forecast?\(Self.coordinates(sample))&units=metric", at: now)
            let wire = try JSONDecoder().decode(OpenWeatherWire.Forecast.self, from: Data(body.utf8))
            let times = wire.list.map(\.dt)
            #expect(times.count == 40, "\(sample.place.name)")
            #expect(times.first == nextSlot, "\(sample.place.name)")
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 10_800 }, "\(sample.place.name)")
            #expect(wire.cnt == 40)
            #expect(wire.list.allSatisfy { $0.dtTxt == FakeOpenWeatherMap.dateText($0.dt) })
        }
    }

    @Test("a forecast too short for 40 steps loses none: it starts at or after the next slot")
    func shortForecastKeepsEveryEntry() throws {
        let body: [String: Any] = ["list": [["dt": 1_000_000_800], ["dt": 1_000_011_600], ["dt": 1_000_022_400]]]
        for offset in stride(from: 0, to: 86_400, by: 2_700) {
            let now = Date(timeIntervalSince1970: Self.midnight + TimeInterval(offset))
            let moved = SampleTimeShifter.forecast(body, now: now)
            let times = (moved["list"] as? [[String: Any]] ?? []).compactMap { ($0["dt"] as? NSNumber)?.intValue }
            #expect(times.count == 3)
            let next = SampleTimeShifter.nextSlot(after: now)
            #expect(times.first.map { $0 >= next && $0 < next + 86_400 } == true, "\(offset)")
            #expect(
                times.allSatisfy {
                    ($0 - 1_000_000_800) % 86_400 == 0 || ($0 - 1_000_011_600) % 86_400 == 0 || ($0 - 1_000_022_400) % 86_400 == 0
                })
        }
    }

    @Test("the observation is the latest at or before now, at its captured time of day")
    func currentIsNeverInTheFuture() async throws {
        for offset in [0, 30_000, 63_900, 86_399] {
            let now = Int(Self.midnight) + offset
            for sample in FakeOpenWeatherMap.builtInSamples {
                let body = try await Self.get("/data/2.5/weather?\(Self.coordinates(sample))", at: TimeInterval(now))
                let wire = try JSONDecoder().decode(OpenWeatherWire.CurrentWeather.self, from: Data(body.utf8))
                let captured = try JSONDecoder().decode(OpenWeatherWire.CurrentWeather.self, from: Data(sample.current.utf8))
                #expect(wire.dt <= now && wire.dt > now - 86_400, "\(sample.place.name) at +\(offset)")
                #expect((wire.dt - captured.dt) % 86_400 == 0)
                #expect(wire.sys.sunrise.map { ($0 - (captured.sys.sunrise ?? 0)) % 86_400 == 0 } ?? true)
            }
        }
    }

    @Test("descriptions are in the lang asked for, whatever language a sample was captured in")
    func descriptionsFollowLang() async throws {
        for sample in FakeOpenWeatherMap.builtInSamples {
            for lang in ["ja", "en"] {
                let expected = Set(FakeOpenWeatherMap.conditions.values.map { lang == "ja" ? $0.japanese : $0.english })
                for path in ["/data/2.5/weather", "/data/2.5/forecast"] {
                    let body = try await Self.get("\(path)?\(Self.coordinates(sample))&lang=\(lang)", at: Self.midnight)
                    let descriptions = Self.descriptions(in: body)
                    #expect(!descriptions.isEmpty)
                    for description in descriptions {
                        #expect(expected.contains(description), "\(sample.place.name) \(path) lang=\(lang): \(description)")
                    }
                }
            }
        }
    }

    @Test("every condition the samples use is known in English and Japanese")
    func samplesUseKnownConditions() {
        for sample in FakeOpenWeatherMap.builtInSamples {
            for id in Self.conditionIDs(in: sample.current) + Self.conditionIDs(in: sample.forecast) {
                #expect(FakeOpenWeatherMap.conditions[id] != nil, "\(sample.place.name): condition \(id)")
            }
        }
        #expect(FakeOpenWeatherMap.description(ofCondition: 803, language: "ja") == "曇りがち")
        #expect(FakeOpenWeatherMap.description(ofCondition: 800, language: "de") == "clear sky")
        #expect(FakeOpenWeatherMap.description(ofCondition: 999, language: "ja") == nil)
    }

    static func descriptions(in body: String) -> [String] {
        weatherEntries(in: body).compactMap { $0["description"] as? String }
    }

    static func conditionIDs(in body: String) -> [Int] {
        weatherEntries(in: body).compactMap { ($0["id"] as? NSNumber)?.intValue }
    }

    static func weatherEntries(in body: String) -> [[String: Any]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return [] }
        let entries = (object["list"] as? [[String: Any]]) ?? [object]
        return entries.flatMap { $0["weather"] as? [[String: Any]] ?? [] }
    }
}
