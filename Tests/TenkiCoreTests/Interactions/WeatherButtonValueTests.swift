import Testing
@testable import TenkiCore

@Suite("Weather button values: compact, and strict when they come back")
struct WeatherButtonValueTests {
    static let danang = WeatherButtonValue(
        view: .now, coordinates: Coordinates(latitude: 16.0544, longitude: 108.2022), title: "Da Nang, VN", units: .metric,
        language: .en)

    @Test("a value round-trips, with the title last so it may hold the separator")
    func roundTrip() throws {
        #expect(Self.danang.encoded == "w1;now;16.0544;108.2022;metric;en;Da Nang, VN")
        #expect(try WeatherButtonValue(encoded: Self.danang.encoded) == Self.danang)
        var odd = Self.danang
        odd.title = "A;B 東京"
        odd.view = .forecast
        odd.coordinates = Coordinates(latitude: -33.8688, longitude: -151.2093)
        #expect(try WeatherButtonValue(encoded: odd.encoded) == odd)
    }

    @Test("coordinates keep four decimals; a title loses control characters and is cut to 100 characters")
    func normalised() throws {
        let value = WeatherButtonValue(
            view: .now, coordinates: Coordinates(latitude: 35.689487, longitude: 139.691706),
            title: "Tokyo\n\u{202E}" + String(repeating: "x", count: 200), units: .imperial, language: .ja)
        #expect(value.encoded.hasPrefix("w1;now;35.6895;139.6917;imperial;ja;Tokyox"))
        #expect(value.title.count == 100)
        #expect(try WeatherButtonValue(encoded: value.encoded).title == value.title)
    }

    @Test(
        "tampered or absurd values are refused with their reason",
        arguments: [
            ("w1;now;500;108.2;metric;en;X", WeatherButtonValue.DecodingError.latitudeOutOfRange),
            ("w1;now;16;-181;metric;en;X", .longitudeOutOfRange),
            ("w1;now;1e3;108;metric;en;X", .latitudeOutOfRange),
            ("w1;now;nan;108;metric;en;X", .latitudeOutOfRange),
            ("w1;now;16;inf;metric;en;X", .longitudeOutOfRange),
            ("w1;now;--1;108;metric;en;X", .latitudeOutOfRange),
            ("w1;now;16;108;kelvins;en;X", .unknownUnits("kelvins")),
            ("w1;now;16;108;metric;fr;X", .unknownLanguage("fr")),
            ("w1;radar;16;108;metric;en;X", .unknownView("radar")),
            ("w1;now;16;108;metric;en;", .badTitle),
            ("w1;now;16;108;metric;en;Line\nbreak", .badTitle),
            ("w1;now;16;108;metric;en", .malformed),
            ("w2;now;16;108;metric;en;X", .malformed),
            ("{\"v\":\"forecast\"}", .malformed),
            ("", .malformed),
        ])
    func refused(encoded: String, error: WeatherButtonValue.DecodingError) {
        #expect(throws: error) { try WeatherButtonValue(encoded: encoded) }
    }

    @Test("10,000 characters are refused before anything is parsed")
    func tooLong() {
        let huge = "w1;now;16;108;metric;en;" + String(repeating: "x", count: 10_000)
        #expect(throws: WeatherButtonValue.DecodingError.tooLong(huge.utf8.count)) { try WeatherButtonValue(encoded: huge) }
    }

    @Test("each button's action id is read back; others are not Tenki's")
    func actions() {
        #expect(WeatherAction(actionID: "tenki.weather.now") == .show(.now))
        #expect(WeatherAction(actionID: "tenki.weather.forecast") == .show(.forecast))
        #expect(WeatherAction(actionID: "tenki.weather.hourly") == .show(.hourly))
        #expect(WeatherAction(actionID: "tenki.weather.air") == .show(.air))
        #expect(WeatherAction(actionID: "tenki.weather.units") == .swapUnits)
        #expect(WeatherAction(actionID: "tenki.weather.refresh") == .refresh)
        #expect(WeatherAction(actionID: "tenki.weather.place") == .choosePlace)
        #expect(WeatherAction(actionID: "tenki.share") == .share)
        #expect(WeatherAction(actionID: "tenki.weather.radar") == nil)
        #expect(WeatherAction(actionID: "example.forecast") == nil)
        #expect(Units.metric.swapped == .imperial && Units.imperial.swapped == .metric && Units.standard.swapped == .metric)
    }

    @Test("the row: one button per view (the one on show primary), then units and refresh, all within Slack's limits")
    func row() throws {
        guard case .buttons(let buttons) = WeatherButtons(language: .en).row(for: Self.danang) else {
            Issue.record("not a row of buttons")
            return
        }
        #expect(buttons.map(\.actionID) == [
            "tenki.weather.now", "tenki.weather.hourly", "tenki.weather.forecast", "tenki.weather.air", "tenki.weather.units",
            "tenki.weather.refresh",
        ])
        #expect(buttons.map(\.isPrimary) == [true, false, false, false, false, false])
        #expect(buttons[4].label == "Show in °F")
        #expect(buttons.allSatisfy { $0.value == Self.danang.encoded && $0.value.utf8.count <= 2000 })
        guard case .buttons(let japanese) = WeatherButtons(language: .ja).row(for: Self.danang) else {
            Issue.record("the Japanese row is not a row of buttons")
            return
        }
        #expect(japanese.map(\.label) == ["現在", "毎時", "5日間", "大気", "°Fで表示", "🔄 更新"])
    }
}
