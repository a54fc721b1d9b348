/// `RichText` in the Markdown that Mattermost and Discord share: `**bold**`, `[title](url)`,
/// `` `code` ``. Outside text is backslash-escaped so it can never format or link, and an `@`
/// that starts a word is followed by a zero-width space, so `@channel`, `@all`, `@here` and
/// `@everyone` in a headline ping nobody.
public enum MarkdownText {
    /// Lengths as the platforms count them, conservatively: UTF-16 code units are never fewer
    /// than the code points Mattermost counts or the characters Discord counts.
    public static func length(_ text: String) -> Int {
        text.utf16.count
    }

    public static func render(_ text: RichText) -> String {
        text.spans.map(render).joined()
    }

    /// The text cut to at most `limit` (by `length`), ending with `…` when cut; a cut never
    /// leaves half a link, half an escape or an unclosed `**`.
    public static func render(_ text: RichText, limit: Int) -> String {
        text.rendered(limit: limit, length: length, render: render, fit: fitted, bold: ("**", "**"))
    }

    static func render(_ span: RichText.Span) -> String {
        switch span {
        case .text(let text): escape(text)
        case .bold(let text): text.isEmpty ? "" : "**" + escape(text) + "**"
        case .link(let url, let title, let bold):
            bold ? "**" + link(url, title: title) + "**" : link(url, title: title)
        case .markup(let markup): markup.replacingAll("*", with: "**")
        case .literal(let literal): literal.replacingAll("`", with: "'")
        }
    }

    /// As much of `text`, escaped, as fits in `room`.
    static func fitted(_ text: String, room: Int) -> String {
        var out = text.escapedPrefix(fitting: room, escape: escape, measure: length)
        // An `@` cut off from its zero-width space would be a mention again.
        if out.hasSuffix("@") { out.removeLast() }
        return out
    }

    /// Plain text (where a platform shows text without Markdown: button labels, attachment
    /// field titles, notification lines) with its mentions broken.
    public static func plain(_ text: String) -> String {
        text.replacingAll("@", with: "@\u{200B}")
    }

    /// Outside text made inert: Markdown's punctuation backslash-escaped, mentions broken.
    public static func escape(_ text: String) -> String {
        text.replacingEach { character in
            switch character {
            case "\\", "*", "_", "~", "`", "[", "]", "<", ">", "|", "#": "\\" + String(character)
            case "@": "@\u{200B}"
            default: nil
            }
        }
    }

    /// `[title](url)` with the title escaped and the URL's parentheses, spaces and angle brackets
    /// percent-encoded so that they cannot end the link early (and `@`, so no mention hides in it).
    public static func link(_ url: String, title: String) -> String {
        let safeURL = LinkURL.escaped(url, ["(": "%28", ")": "%29", " ": "%20", "<": "%3C", ">": "%3E", "@": "%40"])
        return "[" + escape(title.isEmpty ? url : title) + "](" + safeURL + ")"
    }
}
