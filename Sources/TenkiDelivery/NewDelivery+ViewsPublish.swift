import Foundation
import TenkiBase
import TenkiCore
import TenkiSlackAPI
import TenkiStorage

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
