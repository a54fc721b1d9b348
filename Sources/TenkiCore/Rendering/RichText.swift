/// Text of a message as spans that say what each piece is, so each platform can write it in its
/// own markup and escape outside words (place names, queries, headlines) its own way.
public struct RichText: Sendable, Equatable {
    public enum Span: Sendable, Equatable {
        /// Outside or plain text: every renderer escapes it, so it can never format, link or mention.
        case text(String)
        /// Bold outside text.
        case bold(String)
        /// A link; its title is outside text.
        case link(url: String, title: String, bold: Bool)
        /// Tenki's own words in Slack's mrkdwn subset (`*bold*`, `` `code` ``), as the string tables
        /// write them; renderers translate the markup, never escape it.
        case markup(String)
        /// Words shown inside a template's code span (a command example): written as they are.
        case literal(String)
    }

    public private(set) var spans: [Span]

    public init(_ spans: [Span] = []) {
        self.spans = spans.filter { !$0.isEmpty }
    }

    public static func text(_ text: String) -> RichText { RichText([.text(visible(text))]) }
    public static func bold(_ text: String) -> RichText { RichText([.bold(visible(text))]) }
    public static func markup(_ text: String) -> RichText { RichText([.markup(text)]) }
    public static func literal(_ text: String) -> RichText { RichText([.literal(text)]) }

    public static func link(_ url: String, title: String, bold: Bool = false) -> RichText {
        RichText([.link(url: url, title: visible(title), bold: bold)])
    }

    /// Outside text without what would act on a reader's screen instead of showing: control
    /// characters but line breaks and tabs (a NUL, a terminal escape; Slack refuses some), and the
    /// bidirectional embeddings, overrides and isolates that reorder the text around them (a
    /// place typed as `U+202E` + "Danang" would show reversed inside Tenki's own sentence).
    /// Joiners stay: some scripts and emoji need them.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisibleControl) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !isInvisibleControl($0) })
        return String(kept)
    }

    /// Whether `visible` drops `scalar`.
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    public var isEmpty: Bool { spans.isEmpty }

    public static func + (left: RichText, right: RichText) -> RichText {
        RichText(left.spans + right.spans)
    }

    public static func += (left: inout RichText, right: RichText) {
        left = left + right
    }

    /// The pieces joined with `separator` (outside text).
    public static func joined(_ pieces: [RichText], separator: String) -> RichText {
        var result = RichText()
        for (index, piece) in pieces.enumerated() {
            if index > 0 { result += .text(separator) }
            result += piece
        }
        return result
    }

    /// The words without any markup: for terminals, notifications and search.
    public var plainText: String {
        spans.map { span in
            switch span {
            case .text(let text), .bold(let text), .literal(let text): text
            case .link(_, let title, _): title
            case .markup(let markup): markup.replacingAll("*", with: "")
            }
        }.joined()
    }
}

extension RichText.Span {
    var isEmpty: Bool {
        switch self {
        case .text(let text), .bold(let text), .markup(let text), .literal(let text): text.isEmpty
        case .link(let url, _, _): url.isEmpty
        }
    }
}

extension RichText {
    /// A string-table template (`{name}` placeholders, mrkdwn markup) filled with values: the
    /// template's words become `.markup`, each value stays the spans it is.
    public static func fill(_ template: String, _ values: [String: RichText]) -> RichText {
        var spans: [Span] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                spans.append(.markup(String(rest[...open])))
                rest = rest[rest.index(after: open)...]
                continue
            }
            spans.append(.markup(String(rest[..<open])))
            spans.append(contentsOf: value.spans)
            rest = rest[rest.index(after: close)...]
        }
        spans.append(.markup(String(rest)))
        return RichText(spans)
    }
}

extension RichText {
    /// The spans written by `render`, cut to at most `limit` (by `length`) and ending with `…`
    /// when cut: whole spans while they fit, then as much of an outside or bold text span as `fit`
    /// escapes into the room left (a bold one inside `bold`), never half a link or of Tenki's
    /// markup. Each platform's text writer passes its own escaping and its own way of counting.
    func rendered(
        limit: Int, length: (String) -> Int, render: (Span) -> String, fit: (String, Int) -> String,
        bold: (open: String, close: String)
    ) -> String {
        let full = spans.map(render).joined()
        guard length(full) > limit else { return full }
        let ellipsis = "…"
        guard limit > length(ellipsis) else { return "" }
        let budget = limit - length(ellipsis)
        let boldMarks = length(bold.open) + length(bold.close)
        var out = ""
        var used = 0
        for span in spans {
            let piece = render(span)
            let room = budget - used
            if length(piece) <= room {
                out += piece
                used += length(piece)
                continue
            }
            switch span {
            case .text(let text):
                out += fit(text, room)
            case .bold(let text) where room > boldMarks:
                let inner = fit(text, room - boldMarks)
                if !inner.isEmpty { out += bold.open + inner + bold.close }
            default:
                break
            }
            break
        }
        return out + ellipsis
    }
}
