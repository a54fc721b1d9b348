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

    // Views (the Home tab and modals): Slack refuses a whole `views.*` call that breaks one.

    /// Blocks in a modal or the Home tab (a message holds 50).
    public static let blocksPerView = 100
    /// A modal's title, and the text of its submit and close buttons.
    public static let viewTitle = 24
    public static let viewButtonText = 24
    /// `private_metadata` comes back verbatim in submissions; a longer one is refused, not cut.
    public static let privateMetadata = 3000
    public static let callbackID = 255
    public static let externalID = 255
    public static let blockID = 255
    /// An input block's label and hint.
    public static let inputLabel = 2000
    public static let inputHint = 2000
    /// A confirmation dialog's title, text, and the words of its two buttons.
    public static let confirmTitle = 100
    public static let confirmText = 300
    public static let confirmButton = 30
    /// A `plain_text_input`'s `max_length` (and so its value).
    public static let plainTextInputValue = 3000
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
