import Foundation
import TenkiCore

/// JSON for Slack, Mattermost, Discord and Google Chat: compact, with keys sorted so replies and goldens are
/// byte-stable, and with `/` left unescaped so URLs stay readable.
public enum MessageEncoding {
    public static func json(_ message: SlackMessage, pretty: Bool = false) -> [UInt8] {
        encoded(message, pretty: pretty)
    }

    public static func json(_ message: MattermostMessage, pretty: Bool = false) -> [UInt8] {
        encoded(message, pretty: pretty)
    }

    /// A Discord message as a PATCH of `@original` or a follow-up sends it.
    public static func json(_ message: DiscordMessage, pretty: Bool = false) -> [UInt8] {
        encoded(message, pretty: pretty)
    }

    public static func json(_ response: DiscordInteractionResponse, pretty: Bool = false) -> [UInt8] {
        encoded(response, pretty: pretty)
    }

    /// A Google Chat webhook's body (a digest).
    public static func json(_ message: GoogleChatMessage, pretty: Bool = false) -> [UInt8] {
        encoded(message, pretty: pretty)
    }

    private static func encoded(_ message: some Encodable, pretty: Bool) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these value types cannot fail: they hold only strings, numbers and booleans.
        return (try? Array(encoder.encode(message))) ?? Array(#"{"text":"(message could not be encoded)"}"#.utf8)
    }
}
