import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPServer
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// `/weather PLACE hourly` and `/weather PLACE air` through the whole application (signed request,
/// router, handler, shared `WeatherService`, fake OpenWeatherMap), on a clock the test moves.
@Suite("/weather hourly and air")
struct WeatherViewsTests {
    let clock = ManualClock(AppHarness.now)

    func harness(language: String = "en") throws -> AppHarness {
        try AppHarness(
            environment: ["TENKI_LANG": language], clock: clock,
            fakes: FakeUpstreams(
                openWeather: FakeOpenWeatherMap(apiKey: AppHarness.key, clock: clock), news: FakeNewsAPI(apiKey: AppHarness.key)))
    }

    /// `/weather TEXT` signed at the moved clock's time (the harness signs at its fixed start, which
    /// a clock ten minutes on would refuse as stale).
    func ask(_ harness: AppHarness, _ text: String, userID: String = "U0TENKIDEMO") async throws -> SlackMessage {
        let fields = SignedCommandSender.fields(command: "/weather", text: text, userID: userID)
        let body = Array(FormURLEncoded.encode(fields).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let timestamp = Int64(clock.now().timeIntervalSince1970)
        for (name, value) in SlackRequestSigner(signingSecret: AppHarness.secret).headers(timestamp: timestamp, body: body) {
            headers.add(name, value)
        }
        let request = HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: body)
        let response = await harness.application.router.respond(to: request)
        #expect(response.status == .ok, "\(text): \(String(decoding: response.body, as: UTF8.self))")
        return try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
    }

    func calls(_ harness: AppHarness, _ path: String) -> Int {
        harness.fakes.openWeather.calls.filter { $0.path == path }.count
    }

    @Test("hourly after forecast: the same cached forecast, one upstream call; eight steps in local time")
    func hourlySharesTheForecast() async throws {
        let harness = try harness()
        let forecast = MessageTextRenderer.render(try await harness.message("/weather", "Danang forecast"))
        #expect(forecast.contains("Da Nang, VN: the next days"))
        let hourly = MessageTextRenderer.render(try await harness.message("/weather", "hourly Danang"))
        #expect(calls(harness, "/data/2.5/forecast") == 1)
        #expect(calls(harness, "/geo/1.0/direct") == 1)
        #expect(hourly.contains("Da Nang, VN: the next 24 hours"))
        // 2026-12-01 00:00 UTC: the first step is 03:00 UTC, 10:00 in Da Nang, a Tuesday.
        #expect(hourly.contains("Tue 10:00"))
        #expect(hourly.contains("Wed 07:00"))
        #expect(!hourly.contains("Wed 10:00"))
        #expect(hourly.components(separatedBy: "💧").count - 1 == 8)
    }

    @Test("hourly in Japanese, by its Japanese keyword")
    func hourlyJapanese() async throws {
        let harness = try harness(language: "ja")
        let hourly = MessageTextRenderer.render(try await harness.message("/weather", "東京 毎時"))
        #expect(hourly.contains("の24時間予報"))
        #expect(hourly.contains("火 12:00"))
        #expect(calls(harness, "/data/2.5/forecast") == 1)
    }

    @Test("air quality is cached per point for 10 minutes")
    func airCachedTenMinutes() async throws {
        let harness = try harness()
        let first = try await ask(harness, "Danang air")
        let text = MessageTextRenderer.render(first)
        #expect(text.contains("Air quality: Da Nang, VN"))
        #expect(text.contains("🟡 AQI 2 · Fair"))
        #expect(text.contains("14.2 µg/m³"))
        _ = try await ask(harness, "aqi Da Nang", userID: "U0OTHER")
        clock.advance(by: 10 * 60 - 1)
        _ = try await ask(harness, "Danang 大気", userID: "U0THIRD")
        #expect(calls(harness, "/data/2.5/air_pollution") == 1)
        clock.advance(by: 1)
        let later = try await ask(harness, "Danang air", userID: "U0FOURTH")
        #expect(calls(harness, "/data/2.5/air_pollution") == 2)
        #expect(MessageTextRenderer.render(later) == text)
    }

    @Test("air in Japanese: Seattle's index 5 and Chicago's missing ozone")
    func airJapanese() async throws {
        let harness = try harness(language: "ja")
        let seattle = MessageTextRenderer.render(try await harness.message("/weather", "Seattle 大気"))
        #expect(seattle.contains("🟣 AQI 5・非常に悪い"))
        let chicago = MessageTextRenderer.render(try await harness.message("/weather", "Chicago aqi"))
        #expect(chicago.contains("データなし"))
    }

    @Test("a failing upstream gives the usual friendly weather reply, in either view")
    func failures() async throws {
        let harness = try harness()
        harness.fakes.openWeather.setFailure(.unauthorized)
        for text in ["Danang air", "Danang hourly"] {
            let reply = MessageTextRenderer.render(try await harness.message("/weather", text, userID: "U0\(text.count)"))
            #expect(reply.contains("rejected Tenki's API key"), "\(text): \(reply)")
        }
    }
}
