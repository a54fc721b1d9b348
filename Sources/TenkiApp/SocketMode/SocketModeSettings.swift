import Foundation
import TenkiSecurity

/// Socket Mode's settings (`SLACK_APP_TOKEN`, `TENKI_SOCKET_CONNECTIONS`): present only when an
/// app-level token is set. The token's description is redacted.
public struct SocketModeSettings: Sendable, Equatable {
    public var appToken: SlackAppToken
    /// Connections each process keeps open (1 to 10; Slack allows 10 per app across every process).
    public var connections: Int
}

extension Settings {
    /// Whether the Slack HTTP ways in (`/slack/commands`, `/slack/interactions`, `/slack/events`)
    /// are served: not when Slack comes only over Socket Mode (an app token and no signing secret).
    var servesSlackOverHTTP: Bool { !(socketMode != nil && self.signingSecrets.isEmpty) }
}
