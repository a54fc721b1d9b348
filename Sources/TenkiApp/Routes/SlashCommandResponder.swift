import TenkiCore
import TenkiLogging

/// Answers a verified slash command with a message. The router knows HTTP; this knows commands.
public protocol SlashCommandResponder: Sendable {
    func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply

    /// An answer that is ready now, already encoded as JSON, for the listener's thread; nil (the
    /// default) sends the command to `respond`.
    func cachedAnswer(to command: SlashCommandPayload) -> [UInt8]?
}

extension SlashCommandResponder {
    public func cachedAnswer(to command: SlashCommandPayload) -> [UInt8]? { nil }
}
