import Foundation

/// A Discord interaction (`POST /discord/interactions`, JSON): a PING, or an application command
/// with its options. Only what Tenki acts on is read; it is untrusted like any request body, and
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

    public static let ping = 1
    public static let applicationCommand = 2

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
            words = [options["place"], options["view"]]
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
        }
        var type: Int?
        var data: CommandData?
        var guild_id: String?
        var channel_id: String?
        var member: Member?
        var user: User?
        var locale: String?
    }
}

/// Tenki's answers to Discord: `{"type": 1}` to a PING, `{"type": 4, "data": message}` to a command.
public struct DiscordInteractionResponse: Sendable, Equatable, Encodable {
    public var type: Int
    public var data: DiscordMessage?

    public static let pong = DiscordInteractionResponse(type: 1, data: nil)

    public static func message(_ message: DiscordMessage) -> DiscordInteractionResponse {
        DiscordInteractionResponse(type: 4, data: message)
    }
}
