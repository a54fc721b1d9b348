import Foundation
import Testing

@testable import TenkiCore

/// The Air Pollution API body, from OpenWeatherMap's documented example and variations of it.
@Suite("Air quality decoding")
struct AirQualityDecodingTests {
    static let example = "owm_air_pollution_DERIVED_official_docs_example_coord_object.json"

    /// The documented example with `change` applied to its first `list` entry.
    static func variant(_ change: (inout [String: Any]) -> Void) throws -> OpenWeatherWire.AirPollution {
        var body = try #require(try JSONSerialization.jsonObject(with: WeatherFixtures.data(example)) as? [String: Any])
        var list = try #require(body["list"] as? [[String: Any]])
        change(&list[0])
        body["list"] = list
        return try JSONDecoder().decode(OpenWeatherWire.AirPollution.self, from: JSONSerialization.data(withJSONObject: body))
    }

    @Test("the documented example: index 1, every pollutant, the point and the hour")
    func documentedExample() throws {
        let air = try AirQuality(wire: WeatherFixtures.decode(OpenWeatherWire.AirPollution.self, Self.example))
        #expect(air.index == .good)
        #expect(air.fineParticles == 0.5)
        #expect(air.coarseParticles == 0.540438711643219)
        #expect(air.ozone == 68.66455078125)
        #expect(air.nitrogenDioxide == 0.7711350917816162)
        #expect(air.coordinates == Coordinates(latitude: 50, longitude: 50))
        #expect(air.measuredAt == Date(timeIntervalSince1970: 1_605_182_400))
    }

    @Test("a pollutant missing from components is unavailable, not a failure")
    func missingComponent() throws {
        let air = try AirQuality(wire: Self.variant { entry in
            var components = entry["components"] as? [String: Any] ?? [:]
            components["o3"] = nil
            entry["components"] = components
        })
        #expect(air.ozone == nil)
        #expect(air.fineParticles == 0.5)
        let noComponents = try AirQuality(wire: Self.variant { $0["components"] = nil })
        #expect([noComponents.fineParticles, noComponents.coarseParticles, noComponents.ozone, noComponents.nitrogenDioxide]
            .allSatisfy { $0 == nil })
    }

    @Test("index 5 is Very Poor, purple")
    func veryPoor() throws {
        let air = try AirQuality(wire: Self.variant { $0["main"] = ["aqi": 5] })
        #expect(air.index == .veryPoor)
        #expect(air.index.marker == "🟣")
        #expect(WeatherViewStrings.english.name(of: air.index) == "Very Poor")
        #expect(WeatherViewStrings.japanese.name(of: air.index) == "非常に悪い")
    }

    @Test("every index has its own name and marker in both languages")
    func namesAndMarkers() {
        #expect(AirQualityIndex.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(Set(AirQualityIndex.allCases.map(\.marker)).count == 5)
        let english = AirQualityIndex.allCases.map { WeatherViewStrings.english.name(of: $0) }
        #expect(english == ["Good", "Fair", "Moderate", "Poor", "Very Poor"])
        #expect(Set(AirQualityIndex.allCases.map { WeatherViewStrings.japanese.name(of: $0) }).count == 5)
    }

    @Test("an index outside 1...5 is a typed error", arguments: [0, 6, -1, 500])
    func badIndex(value: Int) throws {
        #expect(throws: AirQualityDecodingError.indexOutOfRange(value)) {
            try AirQuality(wire: Self.variant { $0["main"] = ["aqi": value] })
        }
    }

    @Test("no list, an empty list or no index is a typed error")
    func noMeasurement() throws {
        let noList = try JSONDecoder().decode(OpenWeatherWire.AirPollution.self, from: Data(#"{"coord":{"lon":1,"lat":2}}"#.utf8))
        #expect(throws: AirQualityDecodingError.noMeasurement) { try AirQuality(wire: noList) }
        let empty = try JSONDecoder().decode(OpenWeatherWire.AirPollution.self, from: Data(#"{"list":[]}"#.utf8))
        #expect(throws: AirQualityDecodingError.noMeasurement) { try AirQuality(wire: empty) }
        #expect(throws: AirQualityDecodingError.noIndex) { try AirQuality(wire: Self.variant { $0["main"] = nil }) }
    }

    @Test("a negative concentration is unavailable rather than shown")
    func negativeConcentration() throws {
        let air = try AirQuality(wire: Self.variant { entry in
            entry["components"] = ["pm2_5": -1.0, "pm10": 3.0]
        })
        #expect(air.fineParticles == nil)
        #expect(air.coarseParticles == 3)
    }
}
