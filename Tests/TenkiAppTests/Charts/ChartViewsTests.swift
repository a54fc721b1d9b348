import Foundation
import TenkiCharts
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// With `TENKI_PUBLIC_URL` the hourly and 5-day answers carry the chart (Slack's image block,
/// Discord's embed image, Mattermost's attachment image); without it they are as before.
@Suite("charts in the weather views")
struct ChartViewsTests {
    static let key = "chart-views-key"
    static let clock = ManualClock(Date(timeIntervalSince1970: 1_796_342_400))
    static let fakes = FakeUpstreams(openWeather: FakeOpenWeatherMap(apiKey: key, clock: clock), news: FakeNewsAPI(apiKey: key))

    static func message(_ text: String, environment: [String: String] = [:]) async throws -> (SlackMessage, Settings) {
        let settings = try Settings.load(environment: [
            "OPENWEATHER_API_KEY": key, "OPENWEATHER_BASE_URL": "http://fakes.test", "NEWSAPI_KEY": key,
            "NEWSAPI_BASE_URL": "http://fakes.test", "SLACK_SIGNING_SECRET": "views-secret",
        ].merging(environment) { $1 })
        let dependencies = ServerDependencies(transport: HandlerTransport(fakes), clock: clock, logger: .discarding)
        return (try await PreviewCommand.message(command: "/weather", text: text, settings: settings, dependencies: dependencies), settings)
    }

    static func images(_ message: SlackMessage) -> [ImageElement] {
        message.blocks.compactMap { if case .image(let image) = $0 { image } else { nil } }
    }

    @Test("hourly and 5-day answers carry a signed chart with its numbers in words", arguments: [
        ("Danang hourly", "en", "hourly", "Chart: temperatures from "), ("Tokyo forecast", "ja", "forecast", "グラフ: 気温 "),
    ])
    func chartsAppear(text: String, language: String, name: String, altPrefix: String) async throws {
        let (message, settings) = try await Self.message(
            text, environment: ["TENKI_PUBLIC_URL": "https://tenki.example.com/", "TENKI_LANG": language])
        let image = try #require(Self.images(message).first)
        #expect(image.imageURL.hasPrefix("https://tenki.example.com/charts/\(name).png?v=1&"))
        #expect(image.altText.hasPrefix(altPrefix), "\(image.altText)")
        let query = image.imageURL[image.imageURL.index(after: image.imageURL.firstIndex(of: "?")!)...]
        let meteogram = try #require(ChartLinks(settings: settings)?.meteogram(fromQuery: query))
        #expect(meteogram.samples.count == (name == "hourly" ? 8 : 40))
        #expect(meteogram.language.rawValue == language)
    }

    @Test("without TENKI_PUBLIC_URL no answer has a chart; current weather never has one")
    func noChartsWithoutPublicURL() async throws {
        #expect(Self.images(try await Self.message("Danang hourly").0).isEmpty)
        #expect(Self.images(try await Self.message("Danang forecast").0).isEmpty)
        #expect(Self.images(try await Self.message("Danang", environment: ["TENKI_PUBLIC_URL": "https://t.example"]).0).isEmpty)
    }

    @Test("Discord's embed and Mattermost's attachment show the chart; the message without it has none")
    func otherPlatforms() {
        let chart = ChatImage(url: "https://t.example/charts/hourly.png?v=1", altText: "Chart")
        let message = ChatMessage(summary: .text("Da Nang"), parts: [.title("Da Nang"), .chart(chart)])
        #expect(DiscordRenderer.render(message).embeds.first?.image?.url == chart.url)
        #expect(MattermostRenderer.render(message).attachments.first?.imageURL == chart.url)
        #expect(SlackRenderer.render(message).blocks.contains { if case .image = $0 { true } else { false } })
        #expect(message.withoutChart.chart == nil && message.withoutChart.parts.count == 1)
    }

    @Test("preview --chart writes the PNG of the answer's chart; an answer without one is a usage error")
    func previewWritesTheChart() async throws {
        let (message, settings) = try await Self.message("Chicago forecast", environment: ["TENKI_UNITS": "imperial"])
        let charted = PreviewCommand.withCharts(settings)
        let dependencies = ServerDependencies(transport: HandlerTransport(Self.fakes), clock: Self.clock, logger: .discarding)
        let withChart = try await PreviewCommand.message(
            command: "/weather", text: "Chicago forecast", settings: charted, dependencies: dependencies)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-preview-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try PreviewCommand.writeChart(of: withChart, settings: charted, to: file.path)
        #expect(Array(try Data(contentsOf: file).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(throws: UsageError.self) { try PreviewCommand.writeChart(of: message, settings: charted, to: file.path) }
    }
}
