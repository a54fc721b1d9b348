import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiTestSupport

/// What each button's press turns the message into, pinned in English and Japanese: the JSON that
/// reached the press's `response_url`, at a fixed hour. Re-record with
/// `TENKI_RECORD_GOLDENS=1 swift test --filter PressGoldenTests` (that run fails by design).
@Suite("Button press goldens")
struct PressGoldenTests {
    static let presses: [(name: String, actionID: String)] = [
        ("now", "tenki.weather.now"), ("hourly", "tenki.weather.hourly"), ("forecast", "tenki.weather.forecast"),
        ("air", "tenki.weather.air"), ("units", "tenki.weather.units"),
        ("refresh", "tenki.weather.refresh"), ("place", "tenki.weather.place"), ("news-more", "tenki.news.more"),
    ]

    static let cases: [String] = WeatherLanguage.allCases.flatMap { language in
        presses.map { "press-\($0.name).\(language.rawValue).json" }
    }

    @Test("each press leads to its view", arguments: cases)
    func matchesGolden(file: String) async throws {
        let parts = file.dropFirst("press-".count).split(separator: ".")
        let language = try #require(WeatherLanguage(rawValue: String(parts[1])))
        let press = try #require(Self.presses.first { $0.name == parts[0] })
        let stack = try SlackInteractionTests.Stack(
            environment: ["TENKI_LANG": language.rawValue], clock: ManualClock(AppHarness.now))
        let value: String
        if press.name == "news-more" {
            value = NewsButtonValue(page: 1, language: language, text: "").encoded
        } else {
            var danang = SlackInteractionTests.danang
            danang.language = language
            if press.name == "place" { danang.title = "Đà Nẵng, VN" }
            value = danang.encoded
        }
        _ = try await stack.press(actionID: press.actionID, value: value)
        let message = try #require(try await stack.delivered().first)
        await stack.stop()
        let json = String(decoding: MessageEncoding.json(message, pretty: true), as: UTF8.self) + "\n"
        if let difference = GoldenFile.compare(json, name: file, directory: MessageGoldenTests.directory) {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
