/// A link's URL made safe for one platform's link syntax: each character that could end the link
/// early (or start a mention) is replaced by its escape, from the platform's own table. One loop
/// for every renderer; what is escaped stays each platform's decision.
enum LinkURL {
    /// `url` with every character in `replacements` replaced, and (when `otherWhitespace` is given)
    /// every other whitespace or newline character replaced by it.
    static func escaped(_ url: String, _ replacements: [Character: String], otherWhitespace: String? = nil) -> String {
        var safe = ""
        for character in url {
            if let replacement = replacements[character] {
                safe += replacement
            } else if let otherWhitespace, character.isWhitespace || character.isNewline {
                safe += otherWhitespace
            } else {
                safe.append(character)
            }
        }
        return safe
    }
}
