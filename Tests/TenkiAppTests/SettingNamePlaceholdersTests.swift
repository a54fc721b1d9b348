import TenkiCore
import Testing

@testable import TenkiApp

/// Replies that ask an admin to set something name the setting as the settings table spells it.
@Suite("Setting names in replies")
struct SettingNamePlaceholdersTests {
    @Test("every reply that names a setting has it filled in, in each language", arguments: WeatherLanguage.allCases)
    func filled(_ language: WeatherLanguage) {
        let feeds = FeedReplyStrings.namingSettings(for: language)
        let subscriptions = SubscriptionStrings.namingSettings(for: language)
        let replies = [feeds.notConfigured, subscriptions.notConfigured, subscriptions.tokenRefused, subscriptions.noScheduler]
        for reply in replies {
            #expect(!reply.contains("Setting}"), "a placeholder is left in: \(reply)")
        }
        #expect(feeds.notConfigured.contains("TENKI_NEWS_FEEDS") && feeds.notConfigured.contains("NEWSAPI_KEY"))
        #expect(subscriptions.notConfigured.contains("`SLACK_BOT_TOKEN`"))
        #expect(subscriptions.tokenRefused.contains("`SLACK_BOT_TOKEN`"))
        #expect(subscriptions.noScheduler.contains("`TENKI_SCHEDULER=off`"))
    }
}
