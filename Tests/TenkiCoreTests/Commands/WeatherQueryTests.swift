import Testing
@testable import TenkiCore

@Suite("Weather query")
struct WeatherQueryTests {
    @Test("text is read as help, a default, coordinates or a place", arguments: [
        ("", WeatherQuery.defaultPlace),
        ("   ", .defaultPlace),
        ("\u{3000}", .defaultPlace),
        ("help", .help),
        ("HELP", .help),
        ("Danang", .place("Danang")),
        ("  Da   Nang, VN ", .place("Da Nang, VN")),
        ("Đà Nẵng", .place("Đà Nẵng")),
        ("東京", .place("東京")),
        ("New York", .place("New York")),
        ("16.05,108.22", .coordinates(Coordinates(latitude: 16.05, longitude: 108.22))),
        ("-33.87, 151.21", .coordinates(Coordinates(latitude: -33.87, longitude: 151.21))),
        ("95,200", .invalidCoordinates("95,200")),
        ("Paris, FR", .place("Paris, FR")),
    ])
    func parses(text: String, expected: WeatherQuery) {
        #expect(WeatherQuery(text: text) == expected)
    }
}
