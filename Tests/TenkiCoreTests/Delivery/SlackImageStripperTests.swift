import Foundation
import Testing

@testable import TenkiCore

@Suite("Image stripping for invalid_blocks")
struct SlackImageStripperTests {
    @Test("removes image blocks, image accessories and image context elements")
    func strips() throws {
        let json = """
            {"text":"Weather","blocks":[
              {"type":"header","text":{"type":"plain_text","text":"Tokyo"}},
              {"type":"section","text":{"type":"mrkdwn","text":"*12°C*"},
               "accessory":{"type":"image","image_url":"https://example.com/a.png","alt_text":"sun"}},
              {"type":"image","image_url":"https://example.com/b.png","alt_text":"map"},
              {"type":"context","elements":[{"type":"image","image_url":"https://example.com/c.png","alt_text":"icon"}]},
              {"type":"context","elements":[{"type":"mrkdwn","text":"source"},
               {"type":"image","image_url":"https://example.com/d.png","alt_text":"x"}]}
            ]}
            """
        let body = Array(json.utf8)
        #expect(SlackImageStripper.containsImages(body))
        let stripped = try #require(SlackImageStripper.strippingImages(body))
        #expect(!SlackImageStripper.containsImages(stripped))
        let text = String(decoding: stripped, as: UTF8.self)
        #expect(!text.contains("example.com"))
        let decoded = try JSONDecoder().decode(SlackMessage.self, from: Data(stripped))
        #expect(decoded.blocks.count == 3)
        #expect(decoded.text == "Weather")
    }

    @Test("a message without blocks or images")
    func nothingToStrip() {
        #expect(!SlackImageStripper.containsImages(Array("{\"text\":\"hi\"}".utf8)))
        #expect(!SlackImageStripper.containsImages(Array("not json".utf8)))
        #expect(SlackImageStripper.strippingImages(Array("not json".utf8)) == nil)
    }
}
