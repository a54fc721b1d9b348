import Foundation

/// A Discord interaction (`POST /discord/interactions`, JSON): a PING, an application command
/// with its options, or a press on one of Tenki's buttons. Only what Tenki acts on is read; it is untrusted like any request body, and
/// trusted only after its Ed25519 signature was checked.
public struct DiscordInteraction: Sendable, Equatable {
    /// 1 PING, 2 application command, 3 message component, …
    public var type: Int
    /// The command's name (`weather`, `news`) for type 2.
    public var commandName: String?
    /// String options by name (`place`, `view`, `query`).
    public var options: [String: String]
    public var guildID: String?
    public var channelID: String?
    public var userID: String?
    /// The user's client language (`ja`, `en-US`).
    public var locale: String?
    /// The application the interaction belongs to (a snowflake) and the interaction's token: with
    /// them Tenki edits its answer for 15 minutes (`originalMessageURL`).
    public var applicationID: String?
    public var token: String?
    /// A pressed button's `custom_id` (type 3): `ACTION:VALUE`, as `DiscordRenderer` wrote it.
    public var customID: String?
    /// Whether the message whose button was pressed is ephemeral (its `flags` has 64): only the
    /// presser sees it.
    public var isEphemeralMessage = false

    public static let ping = 1
    public static let applicationCommand = 2
    public static let messageComponent = 3

    /// The reply language the user's Discord client asks for: Japanese for `ja`, else nil (the
    /// deployment's `TENKI_LANG`).
    public var language: WeatherLanguage? {
        guard let locale, locale == "ja" || locale.hasPrefix("ja-") else { return nil }
        return .ja
    }

    /// A press's action id and value, split at the first `:`; nil for anything else.
    public var press: (actionID: String, value: String)? {
        guard type == Self.messageComponent, let customID, let colon = customID.firstIndex(of: ":") else { return nil }
        return (String(customID[..<colon]), String(customID[customID.index(after: colon)...]))
    }

    /// `PATCH` here edits the answer to this interaction: `{apiBase}/webhooks/{application_id}/{token}/messages/@original`.
    /// Nil when the id is not a snowflake (digits) or the token is not as Discord issues it
    /// (`isWellFormedToken`): both come from the request body, and become part of a URL.
    public func originalMessageURL(apiBase: URL) -> URL? {
        guard let applicationID, let token,
              (1...20).contains(applicationID.utf8.count), applicationID.utf8.allSatisfy({ (48...57).contains($0) }),
              Self.isWellFormedToken(token)
        else { return nil }
        let base = apiBase.absoluteString.hasSuffix("/") ? String(apiBase.absoluteString.dropLast()) : apiBase.absoluteString
        return URL(string: "\(base)/webhooks/\(applicationID)/\(token)/messages/@original")
    }

    /// `POST` here sends a follow-up message to the interaction: `{apiBase}/webhooks/{application_id}/{token}`.
    public func followUpURL(apiBase: URL) -> URL? {
        guard let original = originalMessageURL(apiBase: apiBase) else { return nil }
        return URL(string: String(original.absoluteString.dropLast("/messages/@original".count)))
    }

    /// An interaction token as Discord issues it: 16 to 512 of its URL-safe characters
    /// (`A-Z a-z 0-9 - _ .`), beginning with a letter or digit. So it is one path segment that
    /// needs no percent-encoding and is never a dot segment (`.`, `..`), which a URL parser or
    /// libcurl would resolve, rewriting the path to another endpoint (`%2E%2E` is resolved
    /// the same way, so encoding would not help).
    public static func isWellFormedToken(_ token: String) -> Bool {
        let bytes = token.utf8
        guard (16...512).contains(bytes.count), let first = bytes.first, isAlphanumeric(first) else { return false }
        return bytes.allSatisfy(isTokenByte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    public enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        case notJSON
        case missingType

        public var description: String {
            switch self {
            case .notJSON: "the body is not a JSON object"
            case .missingType: "the interaction has no type"
            }
        }
    }

    public init(json: [UInt8]) throws(DecodingError) {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(json))
        } catch {
            throw .notJSON
        }
        guard let type = wire.type else { throw .missingType }
        self.type = type
        commandName = wire.data?.name
        var options: [String: String] = [:]
        for option in wire.data?.options ?? [] {
            if let name = option.name, case .string(let value)? = option.value { options[name] = value }
        }
        self.options = options
        guildID = wire.guild_id
        channelID = wire.channel_id
        userID = wire.member?.user?.id ?? wire.user?.id
        locale = wire.locale
        applicationID = wire.application_id
        token = wire.token
        customID = wire.data?.custom_id
        isEphemeralMessage = (wire.message?.flags ?? 0) & 64 != 0
    }

    /// The slash command this interaction stands for: `/weather PLACE [VIEW]` or `/news QUERY`,
    /// under the names the deployment uses; nil for any other command. A server (guild) is the
    /// team; a direct message has none.
    public func slashCommand(weatherCommand: String, newsCommand: String) -> SlashCommandPayload? {
        let command: String
        let words: [String?]
        switch commandName {
        case "weather":
            command = weatherCommand
            // `now` is the command's default view and no keyword of its language.
            words = [options["place"], options["view"] == "now" ? nil : options["view"]]
        case "news":
            command = newsCommand
            words = [options["query"]]
        default:
            return nil
        }
        let text = words.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        var payload = SlashCommandPayload(
            command: command, text: text, userID: userID ?? "", teamID: guildID.map { "discord:" + $0 } ?? "discord:dm",
            channelID: channelID)
        payload.platform = .discord
        payload.language = language
        return payload
    }

    private struct Wire: Decodable {
        struct User: Decodable { var id: String? }
        struct Member: Decodable { var user: User? }
        enum Value: Decodable {
            case string(String)
            case other

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                self = (try? container.decode(String.self)).map(Value.string) ?? .other
            }
        }
        struct Option: Decodable {
            var name: String?
            var value: Value?
        }
        struct CommandData: Decodable {
            var name: String?
            var options: [Option]?
            var custom_id: String?
        }
        var type: Int?
        var data: CommandData?
        var guild_id: String?
        var channel_id: String?
        var member: Member?
        var user: User?
        var locale: String?
        var application_id: String?
        var token: String?
        struct Message: Decodable { var flags: Int? }
        var message: Message?
    }
}
