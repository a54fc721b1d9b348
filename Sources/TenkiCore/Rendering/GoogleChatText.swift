/// `RichText` in the HTML subset of Google Chat's card text (`<b>`, `<a href>`, `<br>`), and the
/// plain forms for the `text` line and the card header.
///
/// Outside text has `&`, `<` and `>` escaped as entities, so a headline can neither format, link
/// nor inject a tag; only `http(s)` links become `<a href>`. Mentions exist only in a message's
/// `text` (`<users/all>`), where `plain` breaks every `<` with a zero-width space.
public enum GoogleChatText {
    /// The bytes a string adds to the message's JSON, conservatively: every `"`, `\` and `/` may
    /// be escaped, and a control character is `\uXXXX`.
    public static func jsonBytes(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            switch scalar {
            case "\"", "\\", "/": sum + 2
            case _ where scalar.value < 0x20: sum + 6
            default: sum + String(scalar).utf8.count
            }
        }
    }

    public static func html(_ text: RichText) -> String {
        selfContained(text).spans.map(html).joined()
    }

    /// The text cut to at most `limit` bytes (by `jsonBytes`), ending with `…` when cut; a cut never
    /// leaves half an entity, half a tag or an unclosed `<b>`.
    public static func html(_ text: RichText, limit: Int) -> String {
        selfContained(text).rendered(limit: limit, length: jsonBytes, render: html, fit: fitted, bold: ("<b>", "</b>"))
    }

    /// The same text with every bold stretch inside one span: a string table's `*{city}*` arrives
    /// as markup `*`, a value, and markup `*`, which HTML cannot open in one span and close in
    /// another (a cut between them would leave `<b>` open). Each `*` of the markup toggles bold;
    /// outside text in bold becomes `.bold`, markup in bold its own `*…*` pair.
    static func selfContained(_ text: RichText) -> RichText {
        var bold = false
        var spans: [RichText.Span] = []
        for span in text.spans {
            switch span {
            case .markup(let markup):
                for (index, piece) in markup.split(separator: "*", omittingEmptySubsequences: false).enumerated() {
                    if index > 0 { bold.toggle() }
                    if !piece.isEmpty { spans.append(.markup(bold ? "*" + piece + "*" : String(piece))) }
                }
            case .text(let text):
                spans.append(bold ? .bold(text) : .text(text))
            case .link(let url, let title, let isBold):
                spans.append(.link(url: url, title: title, bold: isBold || bold))
            case .bold, .literal:
                spans.append(span)
            }
        }
        return RichText(spans)
    }

    static func html(_ span: RichText.Span) -> String {
        switch span {
        case .text(let text), .literal(let text): escape(text)
        case .bold(let text): text.isEmpty ? "" : "<b>" + escape(text) + "</b>"
        case .link(let url, let title, let bold):
            bold ? "<b>" + link(url, title: title) + "</b>" : link(url, title: title)
        case .markup(let markup): boldPairs(escape(markup))
        }
    }

    /// As much of `text`, escaped, as fits in `room` bytes.
    static func fitted(_ text: String, room: Int) -> String {
        text.escapedPrefix(fitting: room, escape: escape, measure: jsonBytes)
    }

    /// Outside text made inert: the three characters HTML reads escaped, line breaks as `<br>`.
    public static func escape(_ text: String) -> String {
        text.replacingEach { $0.isNewline ? "<br>" : HTMLEntity.escaped($0) }
    }

    /// `<a href="url">title</a>` for an http(s) URL, its quote, angle brackets, spaces and
    /// ampersands encoded so it cannot leave the attribute; any other URL shows its title only.
    public static func link(_ url: String, title: String) -> String {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return escape(title.isEmpty ? url : title) }
        let safeURL = LinkURL.escaped(url, [
            "\"": "%22", "'": "%27", "<": "%3C", ">": "%3E", " ": "%20", "&": "&amp;",
        ], otherWhitespace: "%20")
        return "<a href=\"" + safeURL + "\">" + escape(title.isEmpty ? url : title) + "</a>"
    }

    /// Tenki's mrkdwn `*bold*` (already escaped) as `<b>bold</b>`; an unpaired `*` stays.
    static func boldPairs(_ text: String) -> String {
        let pieces = text.split(separator: "*", omittingEmptySubsequences: false)
        guard pieces.count > 2 else { return text }
        var out = ""
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                out += piece
            } else if index % 2 == 1 {
                // An opening `*`: bold only when a closing one follows.
                out += index + 1 < pieces.count ? "<b>" + piece : "*" + piece
            } else {
                out += "</b>" + piece
            }
        }
        return out
    }

    /// Plain text for places that show no markup (the `text` line, the header, alt text): every
    /// `<` and `&` followed by a zero-width space, so neither Chat's `<users/all>` and `<url|title>`
    /// nor an HTML tag or entity can form, whichever way the field is read; on one line.
    public static func plain(_ text: String) -> String {
        text.replacingEach { character in
            switch character {
            case "<", "&": String(character) + "\u{200B}"
            case _ where character.isNewline: " "
            default: nil
            }
        }
    }

    /// `plain(text)` cut to `limit` UTF-16 units (never fewer than the characters Google counts),
    /// ending with `…` when cut and never leaving a `<` or `&` without its zero-width space.
    public static func plain(_ text: String, limit: Int) -> String {
        let full = plain(text)
        guard full.utf16.count > limit else { return full }
        guard limit > 1 else { return "" }
        var out = ""
        var used = 0
        for character in full {
            let units = String(character).utf16.count
            if used + units > limit - 1 { break }
            out.append(character)
            used += units
        }
        if out.hasSuffix("<") || out.hasSuffix("&") { out.removeLast() }
        return out + "…"
    }
}
