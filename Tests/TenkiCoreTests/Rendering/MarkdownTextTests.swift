import Testing
import TenkiCore

@Suite("Markdown text for Mattermost and Discord")
struct MarkdownTextTests {
    @Test func outsideTextCannotFormatLinkOrMention() {
        let rendered = MarkdownText.render(.text("*x* _y_ [a](b) <@1> @everyone `c` # h"))
        #expect(rendered == "\\*x\\* \\_y\\_ \\[a\\](b) \\<@\u{200B}1\\> @\u{200B}everyone \\`c\\` \\# h")
    }

    @Test func tenkisMarkupBecomesDoubleStarBoldAndLinksAreMarkdown() {
        let text = RichText.fill("Saved *{place}*. Try `{command}`.", ["place": .text("Đà Nẵng"), "command": .literal("/weather")])
            + .text(" ") + .link("https://e.com/a (b)", title: "T]itle", bold: true)
        #expect(MarkdownText.render(text) == "Saved **Đà Nẵng**. Try `/weather`. **[T\\]itle](https://e.com/a%20%28b%29)**")
    }

    @Test func textAtTheLimitIsKeptAndOneMoreIsCut() {
        let exact = RichText.text(String(repeating: "a", count: 100))
        #expect(MarkdownText.render(exact, limit: 100) == String(repeating: "a", count: 100))
        let over = RichText.text(String(repeating: "a", count: 101))
        let cut = MarkdownText.render(over, limit: 100)
        #expect(MarkdownText.length(cut) == 100)
        #expect(cut.hasSuffix("…"))
    }

    @Test func aCutNeverLeavesHalfALinkAnEscapeOrAMention() {
        let text = RichText.text("ab") + .link("https://example.com/long", title: "title") + .text("tail")
        #expect(MarkdownText.render(text, limit: 10) == "ab…")
        #expect(MarkdownText.render(.text("abc*def"), limit: 5) == "abc…")
        #expect(MarkdownText.render(.text("abc@everyone"), limit: 5) == "abc…")
        #expect(MarkdownText.render(.bold("abcdefgh"), limit: 8) == "**abc**…")
    }
}
