import Foundation

/// A Slack refresh token (`xoxe-…`), present when the app turned token rotation on: traded with
/// `oauth.v2.access` (`grant_type=refresh_token`) for a new bot token before the old one expires.
/// Its description hides the value, like `SlackBotToken`'s.
public struct SlackRefreshToken: SlackToken, Equatable {
    public let value: String

    /// Nil for an empty text.
    public init?(_ value: String) {
        guard let value = Self.trimmed(value) else { return nil }
        self.value = value
    }
}
