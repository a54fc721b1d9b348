import Foundation

/// Slack's mrkdwn needs only three characters escaped in outside text (place names, headlines):
/// `&`, `<` and `>`; anything else would show its escape literally.
public enum Mrkdwn {
    public static func escape(_ text: String) -> String {
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
