import Foundation
import Testing

@testable import TenkiCore

@Suite("Forecast, geocoding and error bodies: captured responses decode")
struct ForecastAndGeocodingDecodingTests {
    @Test func shuzenjiForecastMapsEveryEntry() throws {
        let wire = try WeatherFixtures.decode(
            OpenWeatherWire.Forecast.self, "owm_forecast_shuzenji_kelvin_TRUNCATED_4_of_40.json")
        let forecast = Forecast(wire: wire, units: .standard)
        #expect(wire.cnt == 40)
        #expect(forecast.placeName == "Shuzenji")
        #expect(forecast.countryCode == "JP")
        #expect(forecast.coordinates == Coordinates(latitude: 35, longitude: 139))
        #expect(forecast.utcOffsetSeconds == 32400)
        #expect(forecast.entries.count == 4)
        let first = try #require(forecast.entries.first)
        #expect(first.time == Date(timeIntervalSince1970: 1_647_345_600))
        #expect(first.temperature == 286.66)
        #expect(first.temperatureMin == 286.32)
        #expect(first.temperatureMax == 286.66)
        #expect(first.precipitationProbability == 0)
        #expect(first.primaryCondition?.id == 800)
        #expect(first.primaryCondition?.isNight == true)
        #expect(forecast.entries.map { $0.primaryCondition?.id } == [800, 800, 801, 803])
    }

    /// List entries of 2019: no `pop`, no `feels_like`, and `"rain": {}` meaning no rain.
    @Test func legacyForecastEntriesWithEmptyRainObject() throws {
        let wire = try WeatherFixtures.decode(
            [OpenWeatherWire.Forecast.Entry].self, "owm_forecast_list_entries_lang_zh_cn_2019_empty_rain_object_FRAGMENT.json")
        let entries = wire.map(Forecast.Entry.init(wire:))
        #expect(entries.count == 4)
        #expect(
            entries.map(\.rain) == [
                nil, nil, PrecipitationAmount(millimetres: 0.015, period: .threeHours),
                PrecipitationAmount(millimetres: 0.025, period: .threeHours),
            ])
        #expect(entries.allSatisfy { $0.precipitationProbability == nil })
        #expect(entries.map { $0.primaryCondition?.description } == ["晴", "多云", "小雨", "小雨"])
        #expect(wire[0].sys?.pod == "n")
        #expect(wire[0].dtTxt == "2019-03-03 21:00:00")
    }

    @Test func docsGeocodingFifthEntryHasNoLocalNames() throws {
        let wire = try WeatherFixtures.decode(
            [OpenWeatherWire.GeocodingResult].self, "owm_geocoding_direct_docs_copy_london_limit5_entry_without_local_names.json")
        #expect(wire.count == 5)
        #expect(wire[4].localNames == nil)
        #expect(wire[4].state == "Kentucky")
        let english = wire.map { Place(wire: $0, language: .en) }
        let japanese = wire.map { Place(wire: $0, language: .ja) }
        #expect(
            english[0]
                == Place(
                    name: "London", state: "England", countryCode: "GB",
                    coordinates: Coordinates(latitude: 51.5073219, longitude: -0.1276474)))
        #expect(japanese[0].localizedName == "ロンドン")
        #expect(japanese[0].displayName == "ロンドン")
        #expect(japanese[1].localizedName == nil)  // City of London has no ja name
        #expect(japanese[3].displayName == "チェルシー")
        #expect(japanese[4].displayName == "London")
        #expect(japanese[4].countryCode == "US")
    }

    @Test func legacyGeocodingWithAsciiAndFeatureName() throws {
        let wire = try WeatherFixtures.decode(
            [OpenWeatherWire.GeocodingResult].self, "owm_geocoding_london_5_results_local_names_legacy_ascii_feature_name.json")
        #expect(wire.count == 5)
        #expect(wire.map(\.state) == [nil, nil, "OH", "KY", "CA"])
        #expect(wire[0].localNames?["feature_name"] == "London")
        #expect(Place(wire: wire[1], language: .ja).localizedName == "ロンドン")
        #expect(Place(wire: wire[2], language: .ja).localizedName == nil)
        // A local name equal to the name adds nothing.
        #expect(Place(wire: wire[0], language: .en).localizedName == nil)
    }

    @Test func zipGeocodingIsAnObject() throws {
        let wire = try WeatherFixtures.decode(OpenWeatherWire.ZipGeocodingResult.self, "owm_geocoding_zip_beverly_hills.json")
        #expect(wire.zip == "90210")
        #expect(
            Place(wire: wire)
                == Place(
                    name: "Beverly Hills", countryCode: "US", coordinates: Coordinates(latitude: 34.0901, longitude: -118.4065)))
    }

    @Test func noMatchIsAnEmptyArray() throws {
        let wire = try WeatherFixtures.decode([OpenWeatherWire.GeocodingResult].self, "owm_geocoding_no_match_empty_array.json")
        #expect(wire.isEmpty)
    }

    @Test(
        arguments: [
            ("owm_error_404_city_not_found.json", "404", 404, "city not found"),
            (
                "owm_error_401_invalid_api_key_cod_int.json", "401", 401,
                "Invalid API key. Please see http://openweathermap.org/faq#error401 for more info."
            ),
            ("owm_error_429_account_temporary_blocked.json", "429", 429, nil),
            ("owm_error_400_nothing_to_geocode.json", "400", 400, "Nothing to geocode"),
            ("owm_error_400_wrong_latitude.json", "400", 400, "wrong latitude"),
            ("owm_error_401_onecall3_subscription_required.json", "401", 401, nil),
        ] as [(String, String, Int, String?)])
    func errorBodies(file: String, code: String, number: Int, message: String?) throws {
        let body = try WeatherFixtures.decode(OpenWeatherWire.ErrorBody.self, file)
        #expect(body.cod.text == code)
        #expect(body.cod.number == number)
        if let message { #expect(body.message == message) } else { #expect(!body.message.isEmpty) }
    }
}
