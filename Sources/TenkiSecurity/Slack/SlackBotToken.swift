import Foundation

/// `SLACK_BOT_TOKEN` (`xoxb-…`): sent only in an `Authorization: Bearer` header. Its description
/// hides the value, so printing a configuration or an error that holds one reveals nothing.
public struct SlackBotToken: SlackToken, Equatable {
    public let value: String

    /// Nil for an empty text.
    public init?(_ value: String) {
        guard let value = Self.trimmed(value) else { return nil }
        self.value = value
    }
}
