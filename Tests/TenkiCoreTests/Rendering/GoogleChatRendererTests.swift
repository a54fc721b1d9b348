import Foundation
import Testing
@testable import TenkiCore

@Suite("Google Chat renderer")
struct GoogleChatRendererTests {
    @Test func weatherIsOneCardWithHeaderParagraphImageFieldsAndNoButtons() throws {
        let message = RenderingSamples.weather.googleChat
        #expect(message.text == "☀️ Da Nang, VN: 31 °C, Clear sky")
        #expect(message.card.header?.title == "☀️ Da Nang, VN")
        #expect(message.card.sections.count == 1)
        let widgets = try #require(message.card.sections.first?.widgets)
        #expect(widgets == [
            .textParagraph("<b>31 °C</b>  Clear sky"),
            .image(url: "https://openweathermap.org/img/wn/01d@2x.png", altText: "clear sky"),
            .decoratedText(topLabel: "Humidity", text: "70%"),
            .decoratedText(topLabel: "Wind", text: "↗ 3 m/s"),
            .textParagraph("Local time 14:05 (UTC+07:00)<br>Data: OpenWeatherMap"),
        ])
        let json = try RenderingSamples.json(message)
        #expect(json.contains(
            #""cardsV2":[{"card":{"header":{"title":"☀️ Da Nang, VN"},"sections":[{"widgets":[{"textParagraph""#))
        #expect(json.contains(#""cardId":"tenki""#))
        #expect(!json.contains("onClick"))
        #expect(!json.contains("blocks"))
    }

    @Test func dividersStartSectionsAndLinksAreAnchors() {
        let message = ChatMessage(
            summary: .text("Digest"),
            parts: [
                .title("Digest"), .paragraph(.bold("Tokyo") + .text(" 12 °C"), image: nil), .divider,
                .paragraph(.text("• ") + .link("https://example.com/a?x=1&y=\"2\"", title: "A & B"), image: nil),
                .paragraph(.link("javascript:alert(1)", title: "click"), image: nil),
            ]
        ).googleChat
        #expect(message.card.sections.map(\.widgets) == [
            [.textParagraph("<b>Tokyo</b> 12 °C")],
            [.textParagraph(#"• <a href="https://example.com/a?x=1&amp;y=%222%22">A &amp; B</a>"#), .textParagraph("click")],
        ])
    }

    @Test func templateBoldAroundAValueIsOneTagEvenWhenCut() {
        let line = RichText.fill("⚠️ *{city}*: no weather right now", ["city": .text("Atlantis <b>")])
        #expect(GoogleChatText.html(line) == "⚠️ <b>Atlantis &lt;b&gt;</b>: no weather right now")
        let cut = GoogleChatText.html(line, limit: 24)
        // 24 bytes as JSON counts them: ⚠️ and a space 7, <b> 3, </b> 5 (its / may be escaped), … 3.
        #expect(cut == "⚠️ <b>Atlant</b>…")
    }

    @Test func hostileTextCanNeitherMentionNorInjectMarkup() {
        let message = ChatMessage(
            summary: .text("<users/all> <https://evil.example|x> & more"),
            parts: [.title("<users/all>"), .paragraph(.text("<font color=\"red\">x</font> &amp; <users/all>"), image: nil)]
        ).googleChat
        #expect(message.text == "<\u{200B}users/all> <\u{200B}https://evil.example|x> &\u{200B} more")
        #expect(message.card.header?.title == "<\u{200B}users/all>")
        #expect(message.card.sections.first?.widgets == [
            .textParagraph("&lt;font color=\"red\"&gt;x&lt;/font&gt; &amp;amp; &lt;users/all&gt;")
        ])
    }

    @Test func textAtTheLimitIsKeptAndOneMoreIsCut() {
        func text(_ count: Int) -> String {
            ChatMessage(summary: .text(String(repeating: "a", count: count))).googleChat.text
        }
        #expect(text(4_096).count == 4_096)
        #expect(text(4_097).utf16.count == 4_096)
        #expect(text(4_097).hasSuffix("…"))
    }

    @Test func widgetsStopAt100() {
        let fields = (0..<150).map { ChatField(name: "n\($0)", value: .text("v")) }
        let message = ChatMessage(summary: .text("s"), parts: [.fields(fields)]).googleChat
        #expect(message.card.widgetCount == 100)
    }

    @Test("random hostile messages stay within Google Chat's limits and ping nobody", arguments: 0..<100)
    func hostileMessagesStayWithinTheLimits(seed: Int) throws {
        let message = RenderingSamples.hostileMessage(seed: UInt64(seed)).googleChat
        #expect(message.text.utf16.count <= GoogleChatLimits.text)
        #expect(message.card.widgetCount <= GoogleChatLimits.widgetsPerCard)
        #expect(try RenderingSamples.json(message).utf8.count <= GoogleChatLimits.messageBytes)
        // Compact JSON with escaped slashes is the largest encoding a sender might use.
        let encoder = JSONEncoder()
        #expect(try encoder.encode(message).count <= GoogleChatLimits.messageBytes)
        #expect(!Self.mentions(message.text))
        #expect(!Self.mentions(message.card.header?.title ?? ""))
        for widget in message.card.sections.flatMap(\.widgets) {
            switch widget {
            case .textParagraph(let text):
                #expect(Self.isSafeHTML(text), "\(text)")
            case .decoratedText(let label, let text):
                #expect(Self.isSafeHTML(label) && Self.isSafeHTML(text), "\(label) \(text)")
            case .image(_, let altText):
                #expect(!Self.mentions(altText))
            }
        }
    }

    /// True when `text` holds a `<` not followed by a zero-width space (a mention or link in
    /// Chat's text markup, or a tag). Compared scalar by scalar.
    static func mentions(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.contains { scalars[$0] == "<" && ($0 + 1 == scalars.count || scalars[$0 + 1] != "\u{200B}") }
    }

    /// True when every tag in `html` is one Tenki writes (`<b>`, `</b>`, `<br>`, `<a href="http…">`,
    /// `</a>`), tags are balanced and every `&` starts an entity Tenki writes: so no `<users/all>` either.
    static func isSafeHTML(_ html: String) -> Bool {
        var rest = Substring(html)
        var bold = 0
        var anchors = 0
        while let index = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            rest = rest[index...]
            if rest.hasPrefix("&") {
                guard ["&amp;", "&lt;", "&gt;"].contains(where: { rest.hasPrefix($0) }) else { return false }
                rest = rest.dropFirst()
                continue
            }
            if rest.hasPrefix("<b>") { bold += 1 } else if rest.hasPrefix("</b>") { bold -= 1 }
            else if rest.hasPrefix("</a>") { anchors -= 1 }
            else if rest.hasPrefix("<a href=\"http") {
                anchors += 1
                let attribute = rest.dropFirst(9)
                guard let quote = attribute.firstIndex(of: "\""), attribute[quote...].hasPrefix("\">"),
                      !attribute[..<quote].contains(where: { $0 == "<" || $0 == ">" || $0.isWhitespace })
                else { return false }
            } else if !rest.hasPrefix("<br>") { return false }
            guard bold >= 0, anchors >= 0 else { return false }
            rest = rest.dropFirst()
        }
        return bold == 0 && anchors == 0
    }
}
