extension String {
    /// This text with every character that `replacement` maps written as what it maps to; the
    /// rest as they are. The one loop behind each platform's escaping.
    func replacingEach(_ replacement: (Character) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for character in self {
            if let replaced = replacement(character) {
                out += replaced
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// As much of this text, each character escaped by `escape`, as fits in `room` as `measure`
    /// counts it: a long title or headline cut to a platform's limit without splitting an escape.
    func escapedPrefix(fitting room: Int, escape: (String) -> String, measure: (String) -> Int) -> String {
        var out = ""
        var used = 0
        for character in self {
            let piece = escape(String(character))
            used += measure(piece)
            if used > room { break }
            out += piece
        }
        return out
    }
}

/// The characters HTML and Slack's mrkdwn read as markup, and the entities that show them.
enum HTMLEntity {
    /// `&amp;`, `&lt;` or `&gt;`; nil for any other character.
    static func escaped(_ character: Character) -> String? {
        switch character {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        default: nil
        }
    }
}
