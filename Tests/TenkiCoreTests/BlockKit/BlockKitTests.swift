import Foundation
import Testing
@testable import TenkiCore

@Suite("Block Kit types")
struct BlockKitTests {
    @Test("a message encodes to Slack's JSON shape")
    func encodesSlackShape() throws {
        let message = SlackMessage(
            text: "Da Nang: 29 °C",
            blocks: [
                .header("Da Nang, VN"),
                .section(Section(text: .markdown("*29 °C*"), fields: [.markdown("Humidity\n70%")])),
                .context(.markdown("OpenWeatherMap")),
                .divider,
            ],
            responseType: .inChannel)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(message)) as? [String: Any])
        #expect(object["response_type"] as? String == "in_channel")
        #expect(object["text"] as? String == "Da Nang: 29 °C")
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["type"] as? String } == ["header", "section", "context", "divider"])
        let header = try #require(blocks[0]["text"] as? [String: Any])
        #expect(header["type"] as? String == "plain_text")
        let fields = try #require(blocks[1]["fields"] as? [[String: Any]])
        #expect(fields.first?["type"] as? String == "mrkdwn")
    }

    @Test("a message round-trips through JSON")
    func roundTrips() throws {
        let image = try #require(ImageElement(url: "https://openweathermap.org/img/wn/01d@2x.png", altText: "clear sky"))
        let message = SlackMessage(
            text: "x", blocks: [.section(Section(text: .markdown("a"), accessory: image)), .context([.image(image), .markdown("b")])],
            responseType: .ephemeral, replaceOriginal: true)
        let decoded = try JSONDecoder().decode(SlackMessage.self, from: JSONEncoder().encode(message))
        #expect(decoded == message)
    }

    @Test("limits are applied by the types")
    func limitsAreApplied() {
        let long = String(repeating: "あ", count: 10_000)
        let blocks = (0..<80).map { _ in Block.section(Section(text: .markdown(long), fields: Array(repeating: .markdown(long), count: 15))) }
        let message = SlackMessage(text: long + long + long + long + long, blocks: [.header(long)] + blocks)
        #expect(message.blocks.count == SlackLimits.blocksPerMessage)
        guard case .header(let header) = message.blocks[0] else {
            Issue.record("first block is not the header")
            return
        }
        #expect(header.text.unicodeScalars.count <= SlackLimits.headerText)
        #expect(header.text.hasSuffix("…"))
        guard case .section(let section) = message.blocks[1] else {
            Issue.record("second block is not a section")
            return
        }
        #expect((section.text?.text.unicodeScalars.count ?? 0) <= SlackLimits.sectionText)
        #expect(section.fields.count == SlackLimits.sectionFields)
        #expect(section.fields.allSatisfy { $0.text.unicodeScalars.count <= SlackLimits.fieldText })
        #expect(message.text.unicodeScalars.count <= SlackLimits.messageText)
    }

    @Test("an empty text fallback becomes a space, never an empty string Slack rejects")
    func emptyTextIsNeverSent() {
        #expect(SlackMessage(text: "").text == " ")
        #expect(TextObject.markdown("").text == " ")
    }

    @Test("images must be https and well-formed", arguments: [
        ("https://example.com/a.png", true),
        ("http://example.com/a.png", false),
        ("https://example.com/a b.png", false),
        ("javascript:alert(1)", false),
        ("https://example.com/" + String(repeating: "a", count: 3000), false),
    ])
    func imageURLs(url: String, accepted: Bool) {
        #expect((ImageElement(url: url, altText: "a") != nil) == accepted)
    }

    @Test("truncation never leaves half an entity or link")
    func truncationKeepsMarkupWhole() {
        let text = String(repeating: "a", count: 10) + "&amp;" + "<https://x.example|title>"
        for limit in 2...text.count {
            let cut = text.truncated(to: limit)
            #expect(cut.unicodeScalars.count <= limit)
            let tail = cut.drop { $0 != "&" }
            #expect(tail.isEmpty || tail.contains(";"), "limit \(limit): \(cut)")
            let link = cut.drop { $0 != "<" }
            #expect(link.isEmpty || link.contains(">"), "limit \(limit): \(cut)")
        }
    }
}

@Suite("mrkdwn escaping")
struct MrkdwnTests {
    @Test("outside text is escaped", arguments: [
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("<script>", "&lt;script&gt;"),
        ("東京", "東京"),
        ("<!channel>", "&lt;!channel&gt;"),
        // Issue 40, item 10: emphasis marks from titles and places mark nothing.
        ("*FREE* _now_ ~gone~ `rm -rf`", "＊FREE＊ ＿now＿ ～gone～ ｀rm -rf｀"),
        ("Rock_n_roll *&* <b>", "Rock_n_roll ＊&amp;＊ &lt;b&gt;"),
        // Inside a word Slack never reads a mark as emphasis: zone names and error codes stay.
        ("Asia/Ho_Chi_Minh is_archived 2*3", "Asia/Ho_Chi_Minh is_archived 2*3"),
        ("_", "＿"), ("a_", "a＿"), ("x`y", "x｀y"),
    ])
    func escapes(input: String, expected: String) {
        #expect(Mrkdwn.escape(input) == expected)
    }

    @Test("Tenki's own words keep their underscores: only entities are escaped")
    func entitiesOnly() {
        #expect(Mrkdwn.escapeEntities("set TENKI_NEWS_FEEDS & <x>") == "set TENKI_NEWS_FEEDS &amp; &lt;x&gt;")
    }

    @Test("a headline's emphasis does not reach a rendered Slack message")
    func renderedHeadline() {
        let text = RichText.text("*BREAKING* _all_ `caps`")
        let rendered = SlackRenderer.mrkdwn(text)
        #expect(!rendered.contains("*") && !rendered.contains("_") && !rendered.contains("`"), "\(rendered)")
    }

    @Test("links cannot be broken out of")
    func links() {
        #expect(Mrkdwn.link("https://a.example/x|y>z w", title: "A|B <c>") == "<https://a.example/x%7Cy%3Ez%20w|A¦B &lt;c&gt;>")
        #expect(Mrkdwn.link("https://a.example/?q=1&r=2", title: "t") == "<https://a.example/?q=1&amp;r=2|t>")
    }
}

@Suite("terminal rendering")
struct MessageTextRendererTests {
    @Test("renders header, fields, links and context")
    func rendersBlocks() {
        let message = SlackMessage(
            text: "t",
            blocks: [
                .header("Tokyo, JP"),
                .section(Section(text: .markdown("*Clear* <https://a.example|more> &amp; more"), fields: [.markdown("a"), .markdown("b")])),
                .context(.markdown("via OpenWeatherMap")),
            ])
        let text = MessageTextRenderer.render(message)
        #expect(text.contains("Tokyo, JP\n========="))
        #expect(text.contains("Clear more (https://a.example) & more"))
        #expect(text.contains("  a    b"))
        #expect(text.contains("  via OpenWeatherMap"))
    }
}
