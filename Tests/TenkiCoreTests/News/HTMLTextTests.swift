import Testing

@testable import TenkiCore

@Suite("HTML text cleaning")
struct HTMLTextTests {
    @Test(arguments: [
        ("Tom &amp; Jerry", "Tom & Jerry"),
        ("&quot;Quoted&quot; and &#39;single&#39;", "\"Quoted\" and 'single'"),
        ("It&#8217;s here", "It’s here"),
        ("It&#x2019;s here", "It’s here"),
        ("It&#X2019;s here", "It’s here"),
        ("Wait&hellip;", "Wait…"),
        ("a&nbsp;b", "a b"),
        ("&lt;b&gt; stays text", "<b> stays text"),
        ("&amp;amp; decodes once", "&amp; decodes once"),
        ("Q&A and CSS, & JS", "Q&A and CSS, & JS"),
        ("&unknown; &#xZZ; &#0; &#;", "&unknown; &#xZZ; &#0; &#;"),
        ("&#128512; emoji", "😀 emoji"),
    ])
    func decodesEntities(input: String, expected: String) {
        #expect(HTMLText.plainText(input) == expected)
    }

    @Test(arguments: [
        ("<ul><li>One</li><li>Two</li></ul>After", "One Two After"),
        ("<p>Para</p><p>Next</p>", "Para Next"),
        ("line<br/>break<BR>again", "line break again"),
        ("<b>bold</b>ly <a href=\"https://x.test/?a=1&b=2\" target=\"_blank\">linked</a>", "boldly linked"),
        ("a < b and c > d", "a < b and c > d"),
        ("<!-- note -->Text", "Text"),
        ("Truncated <a href=\"https://ex", "Truncated"),
        ("<li class=\"x\">Item</li>", "Item"),
    ])
    func stripsTags(input: String, expected: String) {
        #expect(HTMLText.plainText(input) == expected)
    }

    @Test func collapsesEveryKindOfWhitespace() {
        #expect(HTMLText.plainText("  one\r\ntwo\t\tthree\u{00A0}\u{3000}four\n\n ") == "one two three four")
        #expect(HTMLText.plainText("soft\u{00AD}hyphen zero\u{200B}width") == "softhyphen zerowidth")
        #expect(HTMLText.plainText(" \r\n ") == "")
    }

    @Test func nonASCIITextIsUntouched() {
        let czech = "Žádný strach z koronaviru: čínská gigatovárna Tesly"
        #expect(HTMLText.plainText(czech) == czech)
        #expect(HTMLText.plainText("ベトナム&amp;日本") == "ベトナム&日本")
    }
}
