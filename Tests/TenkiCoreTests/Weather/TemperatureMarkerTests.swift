import Foundation
import Testing
@testable import TenkiCore

@Suite("Extreme temperature marker")
struct TemperatureMarkerTests {
    @Test("heat and cold are judged in Celsius in every unit system", arguments: [
        (35.0, Units.metric, "🥵"), (34.9, .metric, nil), (-10.0, .metric, "🥶"), (-9.9, .metric, nil),
        (95.0, .imperial, "🥵"), (14.0, .imperial, "🥶"), (70.0, .imperial, nil),
        (308.15, .standard, "🥵"), (263.15, .standard, "🥶"), (290.0, .standard, nil),
    ] as [(Double, Units, String?)])
    func markers(value: Double, units: Units, expected: String?) {
        #expect(TemperatureMarker.marker(for: value, in: units) == expected)
    }

    @Test("the current-weather headline carries the marker")
    func inMessage() {
        var weather = CurrentWeather(
            placeName: "Death Valley", countryCode: "US", coordinates: Coordinates(latitude: 36.5, longitude: -117),
            conditions: [WeatherCondition(id: 800, main: "Clear", description: "clear sky", icon: "01d")], units: .metric,
            temperature: 47, humidity: 5, windSpeed: 2, observedAt: Date(timeIntervalSince1970: 0))
        let hot = MessageTextRenderer.render(WeatherMessageFormatter(language: .en).current(weather, place: nil, now: Date()).slack)
        #expect(hot.contains("47 °C 🥵"))
        weather.temperature = 20
        #expect(!MessageTextRenderer.render(WeatherMessageFormatter(language: .en).current(weather, place: nil, now: Date()).slack).contains("🥵"))
    }
}
