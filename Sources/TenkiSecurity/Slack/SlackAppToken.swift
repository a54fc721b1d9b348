import Foundation

/// `SLACK_APP_TOKEN` (`xapp-…`, scope `connections:write`): the app-level token that opens Socket
/// Mode connections (`apps.connections.open`). Sent only in an `Authorization: Bearer` header; its
/// description hides the value, so a configuration or an error that holds one reveals nothing.
public struct SlackAppToken: SlackToken, Equatable {
    public let value: String

    /// Nil unless the text (trimmed) is an app-level token: `xapp-` and more, with no spaces.
    public init?(_ value: String) {
        guard let trimmed = Self.trimmed(value), trimmed.hasPrefix(Self.prefix), trimmed.count > Self.prefix.count,
            !trimmed.contains(where: { $0.isWhitespace || !$0.isASCII })
        else { return nil }
        self.value = trimmed
    }

    public static let prefix = "xapp-"
}
