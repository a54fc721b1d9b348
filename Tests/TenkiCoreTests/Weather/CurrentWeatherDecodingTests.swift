import Foundation
import Testing

@testable import TenkiCore

/// What each captured `/data/2.5/weather` response must map to. One row per fixture; a test
/// below fails when a fixture has no row, so new captures cannot be forgotten.
struct CurrentWeatherExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var country: String?
    var temperature: Double
    var feelsLike: Double?
    var humidity: Int
    var visibility: Int?
    var windDegrees: Double?
    var gust: Double?
    var rain: PrecipitationAmount?
    var snow: PrecipitationAmount?
    var conditionIDs: [Int]
    var isNight: Bool
    var utcOffset: Int?

    var testDescription: String { file }
}

private func mm(_ value: Double, _ period: PrecipitationAmount.Period = .oneHour) -> PrecipitationAmount {
    PrecipitationAmount(millimetres: value, period: period)
}

private let expectations: [CurrentWeatherExpectation] = [
    .init(
        file: "owm_current_arviat_canada_subzero_kelvin_no_visibility.json", name: "Arviat", country: "CA",
        temperature: 271.242, humidity: 94, windDegrees: 116.5, conditionIDs: [804], isNight: true),
    .init(
        file: "owm_current_athens_us_kelvin_float_deg_sys_message.json", name: "Athens", country: "US",
        temperature: 281.35, humidity: 87, visibility: 16093, windDegrees: 28.0002, conditionIDs: [800], isNight: true),
    .init(
        file: "owm_current_brazil_coords_southern_no_visibility_no_sys_type.json", name: "Federative Republic of Brazil",
        country: "BR", temperature: 293.767, humidity: 98, windDegrees: 42.5002, conditionIDs: [800], isNight: true),
    .init(
        file: "owm_current_chicago_snow1h_snow_and_mist_multiline.json", name: "Chicago", country: "US",
        temperature: 272.26, feelsLike: 267.04, humidity: 84, visibility: 2816, windDegrees: 210, snow: mm(0.58),
        conditionIDs: [601, 701], isNight: false, utcOffset: -21600),
    .init(
        file: "owm_current_hamburg_lang_de_fog_metric_negative_wind_no_deg.json", name: "Hamburg", country: "DE",
        temperature: -1.76, humidity: 81, visibility: 6000, conditionIDs: [741], isNight: false),
    .init(
        file: "owm_current_kyiv_snow_with_clouds_condition_kelvin.json", name: "Kyiv", country: "UA",
        temperature: 268.15, feelsLike: 261.24, humidity: 93, visibility: 10000, windDegrees: 30, snow: mm(0.1),
        conditionIDs: [803], isNight: true, utcOffset: 7200),
    .init(
        file: "owm_current_london_lang_ja_katakana_name_sys_type2.json", name: "ロンドン", country: "GB",
        temperature: 9.4, feelsLike: 6.99, humidity: 75, visibility: 10000, windDegrees: 70,
        conditionIDs: [800], isNight: false, utcOffset: 3600),
    .init(
        file: "owm_current_mexico_coords_rain3h_no_visibility.json", name: "Mexico", country: "MX",
        temperature: 285.942, humidity: 99, windDegrees: 170.5, rain: mm(0.2075, .threeHours),
        conditionIDs: [500], isNight: true),
    .init(
        file: "owm_current_official_docs_example_province_of_turin.json", name: "Province of Turin", country: "IT",
        temperature: 284.2, feelsLike: 282.93, humidity: 60, visibility: 10000, windDegrees: 121, gust: 3.47,
        rain: mm(2.73), conditionIDs: [501], isNight: false, utcOffset: 7200),
    .init(
        file: "owm_current_saratoga_units_imperial.json", name: "Saratoga", country: "US",
        temperature: 75.79, feelsLike: 64.72, humidity: 47, visibility: 16093, windDegrees: 330,
        conditionIDs: [803], isNight: false, utcOffset: -25200),
    .init(
        file: "owm_current_seattle_mist_kelvin.json", name: "Seattle", country: "US",
        temperature: 283.91, humidity: 81, visibility: 16093, windDegrees: 140, conditionIDs: [701], isNight: true),
    .init(
        file: "owm_current_shuzenji_gust_sys_type2_kelvin.json", name: "Shuzenji", country: "JP",
        temperature: 283.88, feelsLike: 282.52, humidity: 58, visibility: 10000, windDegrees: 58, gust: 5.14,
        conditionIDs: [800], isNight: true, utcOffset: 32400),
    .init(
        file: "owm_current_sydney_rain1h_two_weather_entries_southern.json", name: "Sydney", country: "AU",
        temperature: 12.3, feelsLike: 7.36, humidity: 87, visibility: 9000, windDegrees: 220, rain: mm(0.25),
        conditionIDs: [500, 300], isNight: true, utcOffset: 36000),
    .init(
        file: "owm_current_tokyo_lang_ja_integer_temps_gust.json", name: "東京都", country: "JP",
        temperature: 10, feelsLike: 4.13, humidity: 34, visibility: 10000, windDegrees: 330, gust: 9.77,
        conditionIDs: [800], isNight: false, utcOffset: 32400),
    .init(
        file: "owm_current_vancouver_snow_metric_negative_temps.json", name: "Vancouver", country: "CA",
        temperature: -0.85, feelsLike: -5.25, humidity: 93, visibility: 2414, windDegrees: 120, snow: mm(0.75),
        conditionIDs: [601], isNight: false, utcOffset: -28800),
    .init(
        file: "owm_current_warsaw_no_precip_kelvin.json", name: "Warsaw", country: "PL",
        temperature: 274.26, humidity: 89, visibility: 9000, windDegrees: 190, conditionIDs: [801], isNight: true,
        utcOffset: 3600),
]

@Suite("Current weather: captured responses decode and map")
struct CurrentWeatherDecodingTests {
    @Test(arguments: expectations)
    func mapsFixture(_ row: CurrentWeatherExpectation) throws {
        let wire = try WeatherFixtures.decode(OpenWeatherWire.CurrentWeather.self, row.file)
        let weather = CurrentWeather(wire: wire, units: .metric)
        #expect(weather.placeName == row.name)
        #expect(weather.countryCode == row.country)
        #expect(weather.temperature == row.temperature)
        #expect(weather.feelsLike == row.feelsLike)
        #expect(weather.humidity == row.humidity)
        #expect(weather.visibility == row.visibility)
        #expect(weather.windDirectionDegrees == row.windDegrees)
        #expect(weather.windGust == row.gust)
        #expect(weather.rain == row.rain)
        #expect(weather.snow == row.snow)
        #expect(weather.conditions.map(\.id) == row.conditionIDs)
        #expect(weather.primaryCondition?.isNight == row.isNight)
        #expect(weather.utcOffsetSeconds == row.utcOffset)
        #expect(weather.observedAt.timeIntervalSince1970 == Double(wire.dt))
        #expect(weather.sunrise != nil && weather.sunset != nil)
    }

    @Test func everyCurrentWeatherFixtureHasARow() throws {
        let files = try WeatherFixtures.names(withPrefix: "owm_current_")
        #expect(files.count == 16)
        #expect(Set(files) == Set(expectations.map(\.file)))
    }

    @Test func tokyoKeepsTheJapaneseDescriptionAndIntegerTemperatures() throws {
        let wire = try WeatherFixtures.decode(
            OpenWeatherWire.CurrentWeather.self, "owm_current_tokyo_lang_ja_integer_temps_gust.json")
        #expect(wire.main.tempMin == 10)
        #expect(wire.main.tempMax == 10)
        #expect(wire.weather.first?.description == "晴天")
        #expect(wire.coord == OpenWeatherWire.Coord(lat: 35.6895, lon: 139.6917))
    }

    @Test func olderResponsesLackSysTypeAndIDButKeepTheCountry() throws {
        let wire = try WeatherFixtures.decode(
            OpenWeatherWire.CurrentWeather.self, "owm_current_brazil_coords_southern_no_visibility_no_sys_type.json")
        #expect(wire.sys.type == nil)
        #expect(wire.sys.id == nil)
        #expect(wire.sys.message == 0.0035)
        #expect(wire.timezone == nil)
        // Clear sky with a "few clouds" icon: the icon is not derived from the id.
        #expect(wire.weather.first?.icon == "02n")
    }

    @Test func requiredFieldsAreRequired() {
        let withoutMain = #"{"coord":{"lon":1,"lat":2},"weather":[],"wind":{"speed":1},"dt":1,"sys":{},"name":"X"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(OpenWeatherWire.CurrentWeather.self, from: Data(withoutMain.utf8))
        }
        let minimal =
            #"{"coord":{"lon":1,"lat":2},"weather":[],"main":{"temp":1,"humidity":2},"wind":{"speed":1},"dt":1,"sys":{},"name":""}"#
        #expect(throws: Never.self) {
            try JSONDecoder().decode(OpenWeatherWire.CurrentWeather.self, from: Data(minimal.utf8))
        }
    }

    /// Pins the decoder behaviour that lets the wire models use plain `Double` and `Int`.
    @Test func foundationDecodesIntegersAsDoublesAndIntegralFloatsAsInts() throws {
        struct Probe: Decodable { var double: Double; var int: Int }
        let probe = try JSONDecoder().decode(Probe.self, from: Data(#"{"double":10,"int":94.0}"#.utf8))
        #expect(probe.double == 10)
        #expect(probe.int == 94)
    }
}
