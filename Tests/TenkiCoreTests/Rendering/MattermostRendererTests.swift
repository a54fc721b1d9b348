import Foundation
import Testing
@testable import TenkiCore

@Suite("Mattermost renderer")
struct MattermostRendererTests {
    @Test func weatherIsMarkdownWithAFieldsAttachmentAndNoBlockKit() throws {
        let message = RenderingSamples.weather.mattermost
        #expect(message.responseType == "in_channel")
        #expect(message.text.hasPrefix("#### ☀️ Da Nang, VN\n\n**31 °C**  Clear sky"))
        #expect(!message.text.replacingOccurrences(of: "**", with: "").contains("*"))
        let attachment = try #require(message.attachments.first)
        #expect(attachment.fields.map(\.title) == ["Humidity", "Wind"])
        #expect(attachment.thumbURL == "https://openweathermap.org/img/wn/01d@2x.png")
        let json = try RenderingSamples.json(message)
        #expect(!json.contains("\"blocks\""))
        #expect(!json.contains("mrkdwn"))
    }

    @Test func aPostAtTheLimitIsKeptWholeAndOneCharacterMoreIsCut() {
        let limit = MattermostLimits.postCharacters
        let exact = ChatMessage(summary: .text("s"), parts: [.paragraph(.text(String(repeating: "a", count: limit)), image: nil)])
        #expect(exact.mattermost.text == String(repeating: "a", count: limit))
        let over = ChatMessage(summary: .text("s"), parts: [.paragraph(.text(String(repeating: "a", count: limit + 1)), image: nil)])
        #expect(MarkdownText.length(over.mattermost.text) == limit)
        #expect(over.mattermost.text.hasSuffix("…"))
    }

    @Test("random hostile messages stay within 16,383 characters and ping nobody", arguments: 0..<100)
    func hostileMessagesStayWithinTheLimit(seed: Int) throws {
        let message = RenderingSamples.hostileMessage(seed: UInt64(seed)).mattermost
        #expect(message.totalLength <= MattermostLimits.postCharacters)
        #expect(!RenderingSamples.pings(try RenderingSamples.json(message)))
    }
}
