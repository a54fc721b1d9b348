import Foundation
import Testing
@testable import TenkiCore

/// Outside text never carries what would act on a reader's screen: control characters (but line
/// breaks and tabs) and the bidirectional controls that reorder the sentence around them.
@Suite("Outside text shown, not acted on")
struct RichTextVisibleTests {
    @Test("controls and bidirectional overrides are dropped from text, bold and link titles; line breaks and joiners stay")
    func dropped() {
        #expect(RichText.visible("Da\u{0}na\u{7}ng\u{1B}[31m") == "Danang[31m")
        #expect(RichText.visible("\u{202E}Danang\u{2066}x\u{2069}\u{200F}") == "Danangx")
        #expect(RichText.visible("line\nnext\ttab") == "line\nnext\ttab")
        #expect(RichText.visible("👨\u{200D}👩\u{200D}👧 東京 Đà Nẵng") == "👨\u{200D}👩\u{200D}👧 東京 Đà Nẵng")
        let shown = RichText.text("\u{202E}Danang") + .bold("\u{0}x") + .link("https://e.example", title: "t\u{202D}i")
        #expect(shown.plainText == "Danangxti")
    }

    @Test("a reply quoting what was typed shows it without the controls, on every platform")
    func quotedInAReply() throws {
        let notice = NoticeMessages(language: .en, weatherCommand: "/weather", newsCommand: "/news")
            .weather(.placeNotFound(query: "\u{202E}Dana\u{0}ng"))
        let discord = String(decoding: try JSONEncoder().encode(notice.discord), as: UTF8.self)
        for rendered in [MessageTextRenderer.render(notice.slack), notice.mattermost.text, discord] {
            #expect(!rendered.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0 }, "\(rendered.debugDescription)")
            #expect(!rendered.contains("\\u0000"), "\(rendered)")
        }
        #expect(MessageTextRenderer.render(notice.slack).contains("Danang"))
    }
}
