import Foundation

/// A Slack refresh token (`xoxe-…`), present when the app turned token rotation on: traded with
/// `oauth.v2.access` (`grant_type=refresh_token`) for a new bot token before the old one expires.
/// Its description hides the value, like `SlackBotToken`'s.
public struct SlackRefreshToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token itself; read it only to build the refresh request.
    public let value: String

    /// Nil for an empty text.
    public init?(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.value = trimmed
    }

    public var description: String { "SlackRefreshToken(redacted)" }
    public var debugDescription: String { description }
}
