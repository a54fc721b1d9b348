import Testing
@testable import TenkiCore

/// The hourly and air-quality keywords, in English and Japanese, at either end of the text.
@Suite("Weather command views")
struct WeatherCommandViewTests {
    static let danang = PlaceQuery.name("Danang")

    @Test("hourly and air keywords", arguments: [
        ("Danang hourly", WeatherCommand(action: .hourly(danang))),
        ("hourly Danang", WeatherCommand(action: .hourly(danang))),
        ("HOURLY", WeatherCommand(action: .hourly(nil))),
        ("東京 毎時", WeatherCommand(action: .hourly(.name("東京")))),
        ("毎時 東京", WeatherCommand(action: .hourly(.name("東京")))),
        ("Chicago hourly °F", WeatherCommand(action: .hourly(.name("Chicago")), units: .imperial)),
        ("Danang air", WeatherCommand(action: .air(danang))),
        ("air Danang", WeatherCommand(action: .air(danang))),
        ("Danang AQI", WeatherCommand(action: .air(danang))),
        ("東京 大気", WeatherCommand(action: .air(.name("東京")))),
        ("大気", WeatherCommand(action: .air(nil))),
        ("16.05,108.22 air", WeatherCommand(action: .air(.coordinates(Coordinates(latitude: 16.05, longitude: 108.22))))),
        ("Da Nang, VN forecast", WeatherCommand(action: .forecast(.name("Da Nang, VN")))),
        // Keywords inside a name stay part of it.
        ("Little Air Hill", WeatherCommand(action: .current(.name("Little Air Hill")))),
        ("Fair Air Village", WeatherCommand(action: .current(.name("Fair Air Village")))),
    ])
    func parses(text: String, expected: WeatherCommand) {
        #expect(WeatherCommand(text: text) == expected)
    }

    @Test("an out-of-range place with a view keyword is still a bad place")
    func badPlace() {
        #expect(WeatherCommand(text: "95,200 air").action == .invalidPlace("95,200"))
        #expect(WeatherCommand(text: "hourly 95,200").action == .invalidPlace("95,200"))
    }
}
