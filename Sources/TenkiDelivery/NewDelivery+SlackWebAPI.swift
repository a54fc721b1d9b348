import Foundation
import TenkiBase
import TenkiCore
import TenkiSlackAPI
import TenkiStorage

extension NewDelivery {
    /// A `chat.postMessage` of `message` to `channel` at `{apiBase}/chat.postMessage`, with a
    /// webhook's deadline. The body holds the channel and the message, never the bot token: the
    /// queue adds `Authorization: Bearer` when it sends (`DeliveryQueue.Configuration.slackBotToken`).
    ///
    /// - Parameter kind: what it is, for listings and metrics (`subscription:42`).
    public static func chatPostMessage(
        channel: String, message: SlackMessage, kind: String, apiBase: URL, createdAt: Date,
        lifetime: TimeInterval = DestinationKind.defaultWebhookLifetime
    ) -> NewDelivery {
        // Strings and integers only: encoding cannot fail.
        let body = (try? CompactJSONEncoder().encode(ChatPostMessage(channel: channel, message: message))) ?? []
        var delivery = NewDelivery(
            kind: kind, destination: apiBase.appendingPathComponent("chat.postMessage"), destinationKind: .slackWebAPI,
            body: body, createdAt: createdAt, webhookLifetime: lifetime)
        delivery.channel = channel
        return delivery
    }
}

extension DeliveryQueue {
    /// Queues a `chat.postMessage` to `channel` at `configuration.slackAPIBaseURL` (committed
    /// when this returns), paced at one message a second per channel.
    @discardableResult
    public func enqueueChatPostMessage(
        channel: String, message: SlackMessage, kind: String, createdAt: Date
    ) async throws(DeliveryStoreError) -> DeliveryID {
        try await enqueue(
            .chatPostMessage(
                channel: channel, message: message, kind: kind, apiBase: configuration.slackAPIBaseURL, createdAt: createdAt))
    }
}

/// The JSON body of Slack's `chat.postMessage`: a message and the channel it goes to.
/// `response_type` and `replace_original` belong to slash-command answers and are left out.
struct ChatPostMessage: Sendable, Equatable, Encodable {
    /// A channel id (`C0123ABCD`), as the slash command's `channel_id` names it.
    var channel: String
    var message: SlackMessage

    enum CodingKeys: String, CodingKey {
        case channel, text, blocks
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel, forKey: .channel)
        try container.encode(message.text, forKey: .text)
        if !message.blocks.isEmpty { try container.encode(message.blocks, forKey: .blocks) }
    }
}

extension NewDelivery {
    /// A `views.publish` of `view` for `userID` as a queued Web API call (the queue adds the bot
    /// token when it sends). Slack limits `views.publish` per workspace (Web API Tier 4, 100+ a
    /// minute), so its pacing key is the method and the workspace: the queue's one-a-second pace
    /// per destination keeps every workspace's publishes within the tier, on every replica.
    public static func viewsPublish(
        _ view: SlackView, userID: String, team: String, apiBase: URL, createdAt: Date,
        lifetime: TimeInterval = DestinationKind.defaultWebhookLifetime
    ) -> NewDelivery {
        // Strings, booleans and integers only: encoding cannot fail.
        let body = (try? CompactJSONEncoder().encode(ViewsRequest(userID: userID, view: view))) ?? []
        var delivery = NewDelivery(
            kind: "home-tab", destination: apiBase.appendingPathComponent("views.publish"), destinationKind: .slackWebAPI,
            body: body, createdAt: createdAt, webhookLifetime: lifetime)
        delivery.channel = "team:" + team
        return delivery
    }
}
