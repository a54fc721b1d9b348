import Foundation
import TenkiCore
import TenkiDelivery

extension Settings.DeliverySettings {
    /// The queue's configuration: a process that dies mid-post hands its claims over within 30 s
    /// (the lease), and each round claims no more posts per destination than fit in it one after
    /// another at the request timeout (`Configuration.claimsPerDestination`).
    func queueConfiguration() -> DeliveryQueue.Configuration {
        DeliveryQueue.Configuration(
            policy: RetryPolicy(base: retryBase.timeInterval, cap: max(retryBase.timeInterval, retryCap.timeInterval)),
            requestTimeout: requestTimeout, leaseDuration: DeliveryQueue.Configuration.sharedLease, retention: retention,
            slackAPIBaseURL: slackAPIBaseURL, slackBotToken: slackBotToken)
    }
}
