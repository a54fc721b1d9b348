import Foundation
import TenkiCore

/// A command's answer in the platform-neutral message model. It is rendered once, at the edge,
/// for the platform the command came from (`PlatformRenderers`); no platform's JSON is kept here.
public struct CommandReply: Sendable {
    /// The message before rendering.
    public let chat: ChatMessage
    /// Where the Slack rendering of this reply may be kept for the listener's thread, and until
    /// when; nil for a reply that must be built anew each time.
    var storable: StorableReply?

    public init(_ message: ChatMessage) {
        chat = message
    }

    /// A reply written as Slack's text (tests, fakes): the same words as a message of its own, so
    /// that every platform renders it.
    public init(_ message: SlackMessage) {
        self.init(ChatMessage(summary: .markup(message.text), visibility: message.responseType.map(\.visibility)))
    }

    /// The Slack rendering, for tools and tests that read a reply without a route (`tenki preview`).
    public var message: SlackMessage { chat.slack }
}

/// A `/weather` answer that the listener may give again without a lookup: the edge keeps its Slack
/// rendering in `cache` under `key` until `validUntil` (see `ReplyCache`).
struct StorableReply: Sendable {
    let cache: ReplyCache
    let key: ReplyCache.Key
    let validUntil: Date
    let now: Date
}

extension SlackMessage.ResponseType {
    /// The same visibility in the platform-neutral model.
    var visibility: ChatMessage.Visibility {
        switch self {
        case .inChannel: .inChannel
        case .ephemeral: .ephemeral
        }
    }
}
