/// Slack's published Block Kit limits. The message types truncate to these, so every message Tenki
/// builds is valid however long the outside text is (a 10,000-character headline, 100 articles).
public enum SlackLimits {
    public static let blocksPerMessage = 50
    public static let headerText = 150
    public static let sectionText = 3000
    public static let sectionFields = 10
    public static let fieldText = 2000
    public static let contextElements = 10
    public static let contextText = 3000
    public static let imageURL = 3000
    public static let altText = 2000
    public static let actionElements = 25
    public static let buttonText = 75
    public static let buttonValue = 2000
    public static let actionID = 255
    public static let selectOptions = 100
    public static let optionText = 75
    public static let optionValue = 150
    public static let placeholderText = 150
    /// Slack truncates a message's top-level `text` beyond this.
    public static let messageText = 40000
}

extension String {
    /// The string cut to at most `limit` characters (as Slack counts them, roughly: Unicode scalars
    /// are the stricter measure), ending with an ellipsis when cut.
    public func truncated(to limit: Int) -> String {
        guard unicodeScalars.count > limit else { return self }
        guard limit > 1 else { return String(unicodeScalars.prefix(max(0, limit)).map(Character.init)) }
        var result = ""
        var count = 0
        for character in self {
            let size = character.unicodeScalars.count
            if count + size > limit - 1 { break }
            result.append(character)
            count += size
        }
        // Never end on a half-written entity or link such as `&amp` or `<https://…|ti`.
        if let amp = result.lastIndex(of: "&"), !result[amp...].contains(";") {
            result = String(result[..<amp])
        }
        if let open = result.lastIndex(of: "<"), !result[open...].contains(">") {
            result = String(result[..<open])
        }
        return result + "…"
    }
}
