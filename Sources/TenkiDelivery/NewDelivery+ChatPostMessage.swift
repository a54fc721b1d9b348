import Foundation
import TenkiBase
import TenkiCore
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
