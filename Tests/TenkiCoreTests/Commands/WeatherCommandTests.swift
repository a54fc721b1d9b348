import Testing
@testable import TenkiCore

@Suite("Weather command language")
struct WeatherCommandTests {
    static let danang = PlaceQuery.name("Danang")

    @Test("the keywords and places of /weather", arguments: [
        ("", WeatherCommand(action: .current(nil))),
        ("  \u{3000} ", WeatherCommand(action: .current(nil))),
        ("help", WeatherCommand(action: .help)),
        ("HELP", WeatherCommand(action: .help)),
        ("Danang", WeatherCommand(action: .current(danang))),
        ("  Da   Nang, VN ", WeatherCommand(action: .current(.name("Da Nang, VN")))),
        ("Đà Nẵng", WeatherCommand(action: .current(.name("Đà Nẵng")))),
        ("東京", WeatherCommand(action: .current(.name("東京")))),
        ("New York", WeatherCommand(action: .current(.name("New York")))),
        ("16.05,108.22", WeatherCommand(action: .current(.coordinates(Coordinates(latitude: 16.05, longitude: 108.22))))),
        ("95,200", WeatherCommand(action: .invalidPlace("95,200"))),
        ("Danang forecast", WeatherCommand(action: .forecast(danang))),
        ("forecast Danang", WeatherCommand(action: .forecast(danang))),
        ("FORECAST", WeatherCommand(action: .forecast(nil))),
        ("東京 予報", WeatherCommand(action: .forecast(.name("東京")))),
        ("Chicago °F", WeatherCommand(action: .current(.name("Chicago")), units: .imperial)),
        ("Chicago f", WeatherCommand(action: .current(.name("Chicago")), units: .imperial)),
        ("Chicago IMPERIAL", WeatherCommand(action: .current(.name("Chicago")), units: .imperial)),
        ("c Chicago", WeatherCommand(action: .current(.name("Chicago")), units: .metric)),
        ("Chicago forecast °F", WeatherCommand(action: .forecast(.name("Chicago")), units: .imperial)),
        ("°F", WeatherCommand(action: .current(nil), units: .imperial)),
        ("Fort Collins", WeatherCommand(action: .current(.name("Fort Collins")))),
        ("set Danang", WeatherCommand(action: .savePlace(danang))),
        ("set Da Nang, VN", WeatherCommand(action: .savePlace(.name("Da Nang, VN")))),
        ("set units imperial", WeatherCommand(action: .saveUnits(.imperial))),
        ("set units °C", WeatherCommand(action: .saveUnits(.metric))),
        ("set units", WeatherCommand(action: .incompleteSet)),
        ("set units parsecs", WeatherCommand(action: .incompleteSet)),
        ("set", WeatherCommand(action: .incompleteSet)),
        ("unset", WeatherCommand(action: .forget)),
    ])
    func parses(text: String, expected: WeatherCommand) {
        #expect(WeatherCommand(text: text) == expected)
    }

    @Test("a pasted paragraph is not a place")
    func tooLong() {
        let text = String(repeating: "word ", count: 40)
        #expect(WeatherCommand(text: text).action == .invalidPlace(text.split(separator: " ").joined(separator: " ")))
    }

    @Test("saved places read back")
    func savedPlaces() {
        #expect(PlaceQuery(text: "16.05,108.22") == .coordinates(Coordinates(latitude: 16.05, longitude: 108.22)))
        #expect(PlaceQuery(text: "Da Nang, VN") == .name("Da Nang, VN"))
    }
}
