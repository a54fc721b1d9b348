import Foundation
import TenkiCore
import TenkiServices

extension Settings.DeliverySettings {
    /// The queue's configuration: the lease outlasts a burst of three posts at the request timeout,
    /// so a process that dies mid-post hands its claims over within about half a minute by default.
    func queueConfiguration() -> DeliveryQueue.Configuration {
        let timeout = requestTimeout.timeInterval
        return DeliveryQueue.Configuration(
            policy: RetryPolicy(base: retryBase.timeInterval, cap: max(retryBase.timeInterval, retryCap.timeInterval)),
            requestTimeout: requestTimeout, leaseDuration: 3 * timeout + 5, retention: retention,
            slackAPIBaseURL: slackAPIBaseURL, slackBotToken: slackBotToken)
    }
}
