import Foundation

/// Slack's mrkdwn escapes only three characters in outside text (place names, headlines): `&`, `<`
/// and `>`, as entities. Its emphasis marks (`*bold*`, `_italic_`, `~strike~`, `` `code` ``) have
/// no escape (a backslash would show), so in outside text a mark that could open or close
/// emphasis (one beside a space, punctuation or an end of the text) is written as its fullwidth
/// form (`＊`, `＿`, `～`), which looks alike and marks nothing; a mark inside a word, which Slack
/// never reads as emphasis (`Ho_Chi_Minh`, `is_archived`), stays. A backquote is always replaced
/// (`｀`): a headline cannot restyle the message around it.
public enum Mrkdwn {
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { isEmphasisMark($0) || HTMLEntity.escaped($0) != nil }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var previous: Character?
        var iterator = text.makeIterator()
        var current = iterator.next()
        while let character = current {
            let next = iterator.next()
            if let entity = HTMLEntity.escaped(character) {
                out += entity
            } else if isEmphasisMark(character),
                character == "`" || !isWordCharacter(previous) || !isWordCharacter(next)
            {
                out += fullwidth(character)
            } else {
                out.append(character)
            }
            previous = character
            current = next
        }
        return out
    }

    static func isEmphasisMark(_ character: Character) -> Bool {
        character == "*" || character == "_" || character == "~" || character == "`"
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber
    }

    private static func fullwidth(_ mark: Character) -> String {
        switch mark {
        case "*": "＊"
        case "_": "＿"
        case "~": "～"
        default: "｀"
        }
    }

    /// Tenki's own words (a setting's name such as `TENKI_NEWS_FEEDS` keeps its underscores) with
    /// only `&`, `<` and `>` escaped.
    public static func escapeEntities(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingEach(HTMLEntity.escaped)
    }

    /// A link `<url|title>`. The URL's `|`, `<`, `>` and spaces are percent-encoded so that they
    /// cannot end the link early, and its `&` is written `&amp;` as Slack requires of all text;
    /// the title is escaped.
    public static func link(_ url: String, title: String) -> String {
        let safeURL = LinkURL.escaped(url, ["|": "%7C", "<": "%3C", ">": "%3E", " ": "%20", "&": "&amp;"])
        let safeTitle = escape(title).replacingOccurrences(of: "|", with: "¦")
        return "<\(safeURL)|\(safeTitle)>"
    }

    /// Bold text (`*text*`) with the content escaped.
    public static func bold(_ text: String) -> String {
        "*\(escape(text))*"
    }

    /// The longest top-level `text` Tenki sends, in characters: Slack shows it in notifications
    /// and where blocks cannot be shown, so it is one line that says what the message is.
    public static let fallbackLimit = 150

    /// A notification line from plain text that holds outside words (place names, queries,
    /// headlines): line breaks become spaces, `&`, `<` and `>` are escaped (so no `<!channel>`
    /// and no disguised `<url|label>` link), and the line is cut to `fallbackLimit`, never
    /// inside an escape.
    public static func fallback(_ plain: String) -> String {
        let oneLine = plain.contains(where: \.isNewline)
            ? String(plain.map { $0.isNewline ? " " : $0 }) : plain
        return escape(oneLine).truncated(to: fallbackLimit)
    }
}
