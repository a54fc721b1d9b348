/// Turns the HTML fragments that news feeds put in titles and descriptions into one line of
/// plain text: tags removed, entities decoded, every run of whitespace (`\r\n`, tabs, no-break
/// spaces) made one space. Slack would otherwise show `&amp;` and `<li>` literally.
///
/// Tags go first and entities second, so an escaped `&lt;b&gt;` stays visible text instead of
/// being taken for a tag. Decoding is one pass: `&amp;amp;` becomes `&amp;`, as a browser shows it.
public enum HTMLText {
    /// `text` as plain, single-spaced text, trimmed.
    public static func plainText(_ text: String) -> String {
        collapsingWhitespace(decodingEntities(strippingTags(text)))
    }

    /// Elements that separate words: removing them leaves a space, so `</li><li>` does not glue
    /// two list items together. Other tags (`<b>`, `<a>`) vanish without a trace.
    static let blockElements: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "hr", "section", "article", "header", "footer", "figure", "figcaption", "img",
    ]

    /// Removes `<tag …>`, `</tag>`, `<!-- … -->` and `<!DOCTYPE>`. A `<` not followed by a letter,
    /// `/` or `!` is text (`a < b`). A tag cut off by the feed's truncation (`<a href="ht…`) is
    /// dropped up to the end.
    public static func strippingTags(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<", index + 1 < scalars.count, startsTag(scalars[index + 1]) else {
                out.append(scalar)
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, scalars[end] != ">" { end += 1 }
            let name = tagName(scalars[(index + 1)..<min(end, scalars.count)])
            if blockElements.contains(name) { out.append(" ") }
            index = end + 1
        }
        return String(out)
    }

    private static func startsTag(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "/" || scalar == "!" || (scalar.isASCII && scalar.properties.isAlphabetic)
    }

    /// `li` for `li class="x"`, `/li`, `br/`.
    private static func tagName(_ inside: ArraySlice<Unicode.Scalar>) -> String {
        var name = String.UnicodeScalarView()
        for scalar in inside.drop(while: { $0 == "/" }) {
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { break }
            name.append(scalar)
        }
        return String(name).lowercased()
    }

    /// Decodes named (`&amp;`), decimal (`&#8217;`) and hex (`&#x2019;`) references. Unknown names,
    /// invalid numbers and a bare `&` (`Q&A`, `CSS, & JS`) are left as written.
    public static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, length) = entity(at: index, in: scalars) {
                out.append(contentsOf: decoded.unicodeScalars)
                index += length
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// The decoded text of the reference starting at `start`, and how many scalars it spans.
    private static func entity(at start: Int, in scalars: [Unicode.Scalar]) -> (String, Int)? {
        let limit = min(scalars.count, start + 12)
        guard let semicolon = scalars[(start + 1)..<limit].firstIndex(of: ";") else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
        let length = semicolon - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), length)
        }
        guard let named = namedEntities[body] else { return nil }
        return (named, length)
    }

    /// The named references seen in news feeds. HTML5 has over 2,000; these cover the markup,
    /// quotes, dashes and symbols that real descriptions use.
    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›",
        "bull": "•", "middot": "·", "copy": "©", "reg": "®", "trade": "™", "deg": "°", "euro": "€",
        "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "times": "×", "divide": "÷",
        "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à", "iacute": "í", "oacute": "ó", "uacute": "ú",
        "ntilde": "ñ", "ccedil": "ç", "auml": "ä", "ouml": "ö", "uuml": "ü", "szlig": "ß",
        "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "Eacute": "É", "thinsp": "\u{2009}", "ensp": "\u{2002}",
        "emsp": "\u{2003}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "shy": "\u{00AD}",
    ]

    /// Every run of whitespace (including `\r\n`, no-break and other Unicode spaces) becomes one
    /// space; soft hyphens and zero-width spaces go; the ends are trimmed.
    public static func collapsingWhitespace(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{00AD}" || scalar == "\u{200B}" || scalar == "\u{FEFF}" { continue }
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out)
    }
}
