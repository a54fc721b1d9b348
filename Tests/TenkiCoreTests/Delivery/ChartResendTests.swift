import Foundation
import Testing

@testable import TenkiCore

/// A chart never costs an answer: when Slack cannot download the chart and refuses the post with
/// `invalid_blocks`, the post goes again without its image, through a webhook and through
/// `chat.postMessage` alike.
@Suite("charts: resent without the image on invalid_blocks")
struct ChartResendTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let chart = ChatImage(url: "https://tenki.example.com/charts/hourly.png?v=1&sig=00", altText: "Chart")
    static let message = ChatMessage(summary: .text("Da Nang"), parts: [.title("Da Nang"), .chart(chart), .divider])

    @Test("the rendered chart is an image block the stripper finds and removes, leaving the rest")
    func stripped() throws {
        let body = Array(try JSONEncoder().encode(SlackRenderer.render(Self.message)))
        #expect(SlackImageStripper.containsImages(body))
        let stripped = try #require(SlackImageStripper.strippingImages(body))
        #expect(!SlackImageStripper.containsImages(stripped))
        let again = try JSONDecoder().decode(SlackMessage.self, from: Data(stripped))
        #expect(again == SlackRenderer.render(Self.message.withoutChart))
    }

    @Test("chat.postMessage answering invalid_blocks: resent without images once, dead without images")
    func webAPI() {
        var random = SystemRandomNumberGenerator()
        let limits = DestinationKind.slackWebAPI.limits(createdAt: now)
        let refused = AttemptOutcome.response(status: 200, body: #"{"ok":false,"error":"invalid_blocks"}"#, retryAfter: nil)
        #expect(RetryPolicy.default.decision(
            forSlackWebAPI: refused, attempt: 1, now: now, limits: limits, hasImages: true, random: &random) == .resendWithoutImages)
        #expect(RetryPolicy.default.decision(
            forSlackWebAPI: refused, attempt: 1, now: now, limits: limits, hasImages: false, random: &random)
            == .dead(reason: "invalid_blocks"))
    }
}
