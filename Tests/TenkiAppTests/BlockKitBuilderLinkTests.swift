import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

@Suite("Block Kit Builder links")
struct BlockKitBuilderLinkTests {
    @Test("the fragment is the percent-encoded {\"blocks\": [...]} of the message, non-ASCII text included")
    func roundTrip() throws {
        let message = SlackMessage(text: "東京 ☀️", blocks: [.header("東京 ☀️ 25 °C"), .divider], responseType: .inChannel)
        let link = BlockKitBuilderLink.url(for: message)
        #expect(link.hasPrefix("https://app.slack.com/block-kit-builder#%7B%22blocks%22"))
        let fragment = String(link.dropFirst(BlockKitBuilderLink.base.count))
        #expect(fragment.allSatisfy { $0.isASCII && !" \"{}#".contains($0) })
        let decoded = try #require(fragment.removingPercentEncoding)
        struct Payload: Decodable { var blocks: [Block] }
        let payload = try JSONDecoder().decode(Payload.self, from: Data(decoded.utf8))
        #expect(payload.blocks == message.blocks)
    }

    @Test("a text-only message becomes one mrkdwn section")
    func textOnly() throws {
        let link = BlockKitBuilderLink.url(for: SlackMessage(text: "*late* answer"))
        let decoded = try #require(String(link.dropFirst(BlockKitBuilderLink.base.count)).removingPercentEncoding)
        #expect(decoded.contains(#""type":"section""#))
        #expect(decoded.contains("*late* answer"))
    }
}
