import TenkiCore

/// A reply to a command with its JSON, encoded once: the bytes that go back to Slack are the bytes
/// a stored answer keeps (`ReplyCache`).
public struct CommandReply: Sendable {
    public let message: SlackMessage
    public let json: [UInt8]

    /// Renders `message` as Block Kit and encodes it.
    public init(_ message: ChatMessage) {
        self.init(message.slack)
    }

    /// Encodes `message`.
    public init(_ message: SlackMessage) {
        self.init(message, json: MessageEncoding.json(message))
    }

    /// A message whose JSON is already at hand (`json` must be `message` encoded).
    init(_ message: SlackMessage, json: [UInt8]) {
        self.message = message
        self.json = json
    }
}
