import Foundation

/// `SLACK_BOT_TOKEN` (`xoxb-…`): sent only in an `Authorization: Bearer` header. Its description
/// hides the value, so printing a configuration or an error that holds one reveals nothing.
public struct SlackBotToken: SlackToken, Equatable {
    public let value: String

    /// Nil for an empty text.
    public init?(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.value = trimmed
    }
}
