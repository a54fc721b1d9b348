import Foundation
import Testing
@testable import TenkiApp
@testable import TenkiCore
import TenkiTestSupport

/// Golden JSON of one digest in each webhook format, from fixed data: two cities, one that could
/// not be found, and headlines whose words look like markup and mentions. Re-record with
/// `TENKI_RECORD_GOLDENS=1 swift test --filter DigestGoldenTests` (that run fails by design),
/// review the diff, then run the tests again without it.
@Suite("Digest goldens")
struct DigestGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static var message: ChatMessage {
        let today = MessageSamples.days[0]
        let report = DigestReport(
            date: DigestReport.LocalDate(year: 2026, month: 12, day: 1, weekday: 2),
            cities: [
                .weather(DigestReport.CityWeather(
                    title: "Da Nang, VN",
                    current: MessageSamples.weather("Da Nang", "VN", MessageSamples.condition(500, "Rain", "light rain", "10d")),
                    today: today)),
                .weather(DigestReport.CityWeather(
                    title: "Tokyo, JP",
                    current: MessageSamples.weather(
                        "Tokyo", "JP", MessageSamples.condition(800, "Clear", "clear sky", "01d"), temperature: 9.6),
                    today: nil)),
                .failed(query: "Atlantis"),
            ],
            headlines: .articles([
                MessageSamples.article(0, image: false),
                MessageSamples.article(1, image: false, title: "@everyone <users/all> <!channel> *stars* [x](https://evil.example)"),
            ]),
            units: .metric)
        return DigestMessageFormatter(language: .en).message(for: report)
    }

    @Test("the digest matches its golden in each format", arguments: DigestWebhookFormat.allCases)
    func matchesGolden(format: DigestWebhookFormat) {
        let json = String(decoding: format.body(for: Self.message, pretty: true), as: UTF8.self) + "\n"
        if let difference = GoldenFile.compare(json, name: "digest.\(format.rawValue).json", directory: Self.directory) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    @Test("the Slack digest is within Slack's limits, by the independent checker")
    func slackWithinLimits() {
        #expect(SlackLimitChecker.violations(in: Data(DigestWebhookFormat.slack.body(for: Self.message))).isEmpty)
    }
}
