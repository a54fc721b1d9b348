import Foundation
import Testing
@testable import TenkiCore

@Suite("Weather message")
struct WeatherMessageFormatterTests {
    /// 2021-01-31 02:21:06 UTC, the Tokyo sample's observation time.
    static let now = Date(timeIntervalSince1970: 1_612_059_666)

    func weather(_ fixture: String, units: Units = .metric) throws -> CurrentWeather {
        CurrentWeather(wire: try WeatherFixtures.decode(OpenWeatherWire.CurrentWeather.self, fixture), units: units)
    }

    func allText(_ message: SlackMessage) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    @Test("current weather names the place, condition emoji, temperature with unit, feels-like, humidity and wind")
    func current() throws {
        let tokyo = try weather("owm_current_tokyo_lang_ja_integer_temps_gust.json")
        let place = Place(name: "Tokyo", state: nil, countryCode: "JP", coordinates: tokyo.coordinates)
        let message = WeatherMessageFormatter(language: .en).current(tokyo, place: place, now: Self.now).slack
        #expect(message.responseType == .inChannel)
        #expect(message.text == "☀️ Tokyo, JP: 10 °C, 晴天")
        guard case .header(let header) = message.blocks.first else {
            Issue.record("no header")
            return
        }
        #expect(header.text == "☀️ Tokyo, JP")
        let rendered = MessageTextRenderer.render(message)
        #expect(rendered.contains("10 °C"))
        #expect(rendered.contains("feels like 4 °C"))
        #expect(rendered.contains("Humidity 34%"))
        #expect(rendered.contains("↘ 4.6 m/s (gusts 9.8 m/s)"))
        #expect(rendered.contains("Local time 11:21 (UTC+09:00)"))
        #expect(try allText(message).contains("https://openweathermap.org/img/wn/01d@2x.png"))
    }

    @Test("without geocoding, OpenWeatherMap's own name and country are used")
    func coordinatesOnly() throws {
        let hamburg = try weather("owm_current_hamburg_lang_de_fog_metric_negative_wind_no_deg.json")
        let message = WeatherMessageFormatter(language: .en).current(hamburg, place: nil, now: Self.now).slack
        #expect(message.text.hasPrefix("🌫️ \(hamburg.placeName), DE: -2 °C"))
        #expect(!MessageTextRenderer.render(message).contains("↓"))
    }

    @Test("imperial units show °F and mph; rain and snow show their period")
    func unitsAndPrecipitation() throws {
        let saratoga = try weather("owm_current_saratoga_units_imperial.json", units: .imperial)
        let text = MessageTextRenderer.render(WeatherMessageFormatter(language: .en).current(saratoga, place: nil, now: Self.now).slack)
        #expect(text.contains("76 °F"))
        #expect(text.contains("mph"))
        let chicago = try weather("owm_current_chicago_snow1h_snow_and_mist_multiline.json", units: .standard)
        let snowy = MessageTextRenderer.render(WeatherMessageFormatter(language: .en).current(chicago, place: nil, now: Self.now).slack)
        #expect(snowy.contains("Snow"))
        #expect(snowy.contains("mm / 1h"))
        #expect(snowy.contains(" K"))
    }

    @Test("other matches are named so the user can pick one")
    func alternatives() throws {
        let london = try weather("owm_current_london_lang_ja_katakana_name_sys_type2.json")
        let best = Place(name: "London", state: "England", countryCode: "GB", coordinates: london.coordinates)
        let other = Place(name: "London", state: "Ontario", countryCode: "CA", coordinates: Coordinates(latitude: 42.98, longitude: -81.24))
        let message = WeatherMessageFormatter(language: .en).current(london, place: best, alternatives: [other], now: Self.now).slack
        let text = MessageTextRenderer.render(message)
        #expect(text.contains("London, England, GB"))
        #expect(text.contains("Also matched: London, Ontario, CA"))
        #expect(text.contains("/weather London, CA"))
    }

    @Test("outside text is escaped for mrkdwn")
    func escaping() throws {
        var tokyo = try weather("owm_current_tokyo_lang_ja_integer_temps_gust.json")
        tokyo.conditions[0].description = "<!channel> & friends"
        let json = try allText(WeatherMessageFormatter(language: .en).current(tokyo, place: nil, now: Self.now).slack)
        #expect(json.contains("&lt;!channel&gt; &amp; friends"))
    }

    @Test("Japanese labels come from the ja table")
    func japanese() throws {
        let tokyo = try weather("owm_current_tokyo_lang_ja_integer_temps_gust.json")
        let text = MessageTextRenderer.render(WeatherMessageFormatter(language: .ja).current(tokyo, place: nil, now: Self.now).slack)
        #expect(text.contains("湿度 34%"))
        #expect(text.contains("体感 4 °C"))
        #expect(text.contains("現地時刻 11:21"))
        #expect(!text.contains("Humidity"))
    }

    @Test("UTC offsets and local clocks", arguments: [
        (0, "+00:00", "02:21"), (25200, "+07:00", "09:21"), (-25200, "-07:00", "19:21"), (19800, "+05:30", "07:51"), (-12600, "-03:30", "22:51"),
    ])
    func offsets(seconds: Int, offset: String, clock: String) {
        #expect(WeatherMessageFormatter.offset(seconds) == offset)
        #expect(WeatherMessageFormatter.clock(Self.now, offsetSeconds: seconds) == clock)
    }
}

@Suite("Notices")
struct NoticeMessagesTests {
    @Test("errors and help are ephemeral, and the not-found message names the query and a fix")
    func notices() {
        let notices = NoticeMessages(language: .en)
        let notFound = notices.weather(.placeNotFound(query: "Dananng")).slack
        #expect(notFound.responseType == .ephemeral)
        #expect(notFound.text.contains("“Dananng”"))
        #expect(notFound.text.contains("/weather Da Nang, VN"))
        #expect(notices.weatherHelp().slack.responseType == .ephemeral)
        #expect(notices.unknownCommand("/foo").slack.text.contains("/foo"))
        #expect(notices.weather(.notConfigured).slack.text.contains("admin"))
    }

    @Test("the en and ja tables are both complete and differ")
    func tables() {
        let english = Mirror(reflecting: ReplyStrings.english).children.compactMap { $0.value as? String }
        let japanese = Mirror(reflecting: ReplyStrings.japanese).children.compactMap { $0.value as? String }
        #expect(english.count == japanese.count)
        #expect(english.allSatisfy { !$0.isEmpty })
        #expect(japanese.allSatisfy { !$0.isEmpty })
        #expect(Set(english).isDisjoint(with: Set(japanese)))
    }

    @Test("a count of lookups is singular for one, in both languages")
    func lookupCounts() {
        #expect(ReplyStrings.english.lookups(1) == "1 lookup")
        #expect(ReplyStrings.english.lookups(2) == "2 lookups")
        #expect(ReplyStrings.japanese.lookups(1) == "1 回")
        let refusal = NoticeMessages(language: .en).weather(.allowanceShareSpent(allowance: 1, resetsIn: 60))
        #expect(SlackRenderer.render(refusal).text.contains("allowance (1 lookup). It resets"))
    }
}
