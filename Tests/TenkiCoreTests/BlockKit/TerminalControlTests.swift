import Testing
@testable import TenkiCore

@Suite("Messages for a terminal: control characters")
struct TerminalControlTests {
    @Test("control characters from outside are shown as symbols, never sent to the terminal")
    func controlsMadeVisible() {
        let place = "Tok\u{1B}[31myo\u{7}\u{85}\u{2028}!"
        let message = SlackMessage(
            text: place, blocks: [.header(place), .section(Section(text: .markdown("line one\nline\ttwo \u{7F}")))])
        let rendered = MessageTextRenderer.render(message)
        #expect(rendered.contains("Tok␛[31myo␇� !"), "\(rendered)")
        #expect(rendered.contains("line one\nline\ttwo ␡"), "\(rendered)")
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(rendered)")
        #expect(!rendered.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, "\(rendered)")
    }

    @Test("bidi overrides, which reorder what follows them on screen, are shown as �")
    func bidiOverrides() {
        #expect(MessageTextRenderer.visibleControls("a\u{202E}cba\u{2066}x\u{2069}") == "a\u{FFFD}cba\u{FFFD}x\u{FFFD}")
    }

    @Test("text without control characters is unchanged")
    func plainTextUnchanged() {
        #expect(MessageTextRenderer.visibleControls("Đà Nẵng, 東京\n\t☀️") == "Đà Nẵng, 東京\n\t☀️")
    }
}
