import Testing

@testable import TenkiCore

@Suite("Coordinates, wind direction and units")
struct CoordinatesAndWindTests {
    @Test(
        arguments: [
            ("16.05,108.22", 16.05, 108.22),
            ("16.0678, 108.2208", 16.0678, 108.2208),
            (" -33.87 , 151.21 ", -33.87, 151.21),
            ("+90,-180", 90, -180),
            ("0,0", 0, 0),
            ("35,139", 35, 139),
        ] as [(String, Double, Double)])
    func parsesCoordinates(text: String, latitude: Double, longitude: Double) throws {
        #expect(try Coordinates.parse(text) == Coordinates(latitude: latitude, longitude: longitude))
    }

    @Test(arguments: [
        "Da Nang, VN", "Tokyo", "", ",", "16.05", "16.05,108.22,3", "nan,1", "inf,1", "1,0x1p3", "1e2,3", "-,1", "東京",
    ])
    func rejectsTextThatIsNotCoordinates(text: String) {
        #expect(throws: Coordinates.ParseError.notCoordinates) { try Coordinates.parse(text) }
    }

    @Test func rejectsOutOfRangeValues() {
        #expect(throws: Coordinates.ParseError.latitudeOutOfRange(95)) { try Coordinates.parse("95,10") }
        #expect(throws: Coordinates.ParseError.longitudeOutOfRange(-181)) { try Coordinates.parse("10,-181") }
    }

    @Test(arguments: [
        (0.00001, "0.00001"), (-0.0000004, "0"), (35.0, "35"), (-122.33, "-122.33"), (108.2208, "108.2208"),
        (1.23456789, "1.234568"), (-180, "-180"), (Double.nan, "0"),
    ])
    func decimalTextHasNoExponent(value: Double, text: String) {
        #expect(Coordinates.decimal(value) == text)
    }

    @Test func descriptionRoundTrips() throws {
        let point = Coordinates(latitude: 16.0678, longitude: 108.2208)
        #expect(point.description == "16.0678,108.2208")
        #expect(try Coordinates.parse(point.description) == point)
    }

    @Test(
        arguments: [
            (0.0, "N", "↓"), (22.4, "N", "↓"), (22.6, "NE", "↙"), (90, "E", "←"), (135, "SE", "↖"), (180, "S", "↑"),
            (225, "SW", "↗"), (270, "W", "→"), (315, "NW", "↘"), (337.6, "N", "↓"), (360, "N", "↓"), (-90, "W", "→"),
            (720 + 45, "NE", "↙"),
        ] as [(Double, String, String)])
    func windDirection(degrees: Double, point: String, arrow: String) throws {
        let direction = try #require(WindDirection(degrees: degrees))
        #expect(direction.compassPoint == point)
        #expect(direction.arrow == arrow)
        #expect(WindDirection.arrow(fromDegrees: degrees) == arrow)
    }

    @Test func noDirectionWithoutDegrees() {
        #expect(WindDirection(degrees: .nan) == nil)
        #expect(WindDirection.arrow(fromDegrees: nil) == "")
    }

    @Test(arguments: [
        (Units.metric, "°C", "m/s", "metric"), (.imperial, "°F", "mph", "imperial"), (.standard, "K", "m/s", "standard"),
    ])
    func unitSymbols(units: Units, temperature: String, speed: String, query: String) {
        #expect(units.temperatureSymbol == temperature)
        #expect(units.speedSymbol == speed)
        #expect(units.queryValue == query)
        #expect(Units(rawValue: query) == units)
    }

    @Test func languageCodes() {
        #expect(WeatherLanguage.en.openWeatherCode == "en")
        #expect(WeatherLanguage.ja.openWeatherCode == "ja")
    }
}
