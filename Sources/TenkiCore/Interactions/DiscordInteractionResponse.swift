/// Tenki's answers to a Discord interaction, by Discord's callback types.
public struct DiscordInteractionResponse: Sendable, Equatable, Encodable {
    public var type: Int
    public var data: DiscordMessage?

    /// Type 1, to a PING.
    public static let pong = DiscordInteractionResponse(type: 1, data: nil)

    /// Type 6, to a press whose answer is not ready: the message stays as it is until the PATCH of
    /// `@original`.
    public static let deferredUpdate = DiscordInteractionResponse(type: 6, data: nil)

    /// Type 4, to a command: a new message.
    public static func message(_ message: DiscordMessage) -> DiscordInteractionResponse {
        DiscordInteractionResponse(type: 4, data: message)
    }

    /// Type 5, to a command whose answer is not ready: Discord shows "thinking" (only to the
    /// caller when `ephemeral`) until the PATCH of `@original`.
    public static func deferredMessage(ephemeral: Bool) -> DiscordInteractionResponse {
        DiscordInteractionResponse(type: 5, data: ephemeral ? DiscordMessage(flags: DiscordMessage.ephemeralFlag) : nil)
    }

    /// Type 7, to a press: the pressed message, changed in place.
    public static func update(_ message: DiscordMessage) -> DiscordInteractionResponse {
        var message = message
        message.flags = nil  // a message's visibility cannot change in place
        return DiscordInteractionResponse(type: 7, data: message)
    }
}
