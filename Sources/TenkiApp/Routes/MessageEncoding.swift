import Foundation
import TenkiBase
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

    /// Compact JSON (what goes to a platform) through `CompactJSONEncoder`, which is on the path of every
    /// inline answer; the pretty form for people (`tenki preview`) through Foundation, with the same keys
    /// in the same order. Encoding these value types cannot fail: they hold only strings, integers and booleans.
    private static func encoded(_ message: some Encodable, pretty: Bool) -> [UInt8] {
        let failed = Array(#"{"text":"(message could not be encoded)"}"#.utf8)
        guard pretty else { return (try? CompactJSONEncoder().encode(message)) ?? failed }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? Array(encoder.encode(message))) ?? failed
    }
}
