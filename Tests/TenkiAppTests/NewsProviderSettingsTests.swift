import Foundation
import TenkiCore
import Testing

@testable import TenkiApp

@Suite("TENKI_NEWS_FEEDS and TENKI_NEWS_PROVIDER")
struct NewsProviderSettingsTests {
    func load(_ environment: [String: String]) throws(ConfigurationError) -> Settings {
        try Settings.load(environment: environment, readFile: { _ in "" })
    }

    func error(_ environment: [String: String]) -> ConfigurationError? {
        do {
            _ = try load(environment)
            return nil
        } catch {
            return error
        }
    }

    @Test func feedsAreNamedOrNamedByTheirHost() throws {
        let settings = try load([
            "TENKI_NEWS_FEEDS": "vnexpress=https://vnexpress.net/rss/tin-moi-nhat.rss; https://www.nhk.or.jp/rss/news/cat0.xml ;"
                + "hn=https://news.ycombinator.com/rss?points=100"
        ])
        #expect(settings.newsFeeds.map(\.name) == ["vnexpress", "nhk.or.jp", "hn"])
        #expect(settings.newsFeeds[2].url.absoluteString == "https://news.ycombinator.com/rss?points=100")
        #expect(settings.newsProvider == .feeds, "feeds is the default once feeds are listed")
        #expect(!settings.newsFeedsAllowPrivate)
    }

    @Test func withoutFeedsTheProviderIsNewsAPI() throws {
        #expect(try load([:]).newsProvider == .newsapi)
        #expect(
            try load(["TENKI_NEWS_FEEDS": "https://a.example/rss", "TENKI_NEWS_PROVIDER": "newsapi", "NEWSAPI_KEY": "k"])
                .newsProvider == .newsapi)
    }

    @Test func aBadListIsOneLineNamingTheSetting() {
        for bad in [
            "ftp://a.example/rss", "not a url", "bad name!=https://a.example/rss", "a=https://x.example/1;A=https://y.example/2",
            ";",
        ] {
            let problem = error(["TENKI_NEWS_FEEDS": bad])
            #expect(problem?.setting == "TENKI_NEWS_FEEDS", "\(bad)")
            #expect(problem?.description.contains("\n") == false)
        }
    }

    @Test func aProviderWithoutItsSettingIsAConfigurationError() {
        #expect(error(["TENKI_NEWS_PROVIDER": "feeds"])?.setting == "TENKI_NEWS_PROVIDER")
        #expect(error(["TENKI_NEWS_PROVIDER": "newsapi"])?.setting == "TENKI_NEWS_PROVIDER")
        #expect(error(["TENKI_NEWS_PROVIDER": "rss"])?.description.contains("use newsapi or feeds") == true)
        #expect(error(["TENKI_NEWS_PROVIDER": "FEEDS", "TENKI_NEWS_FEEDS": "https://a.example/rss"]) == nil)
    }
}

extension NewsProviderSettingsTests {
    @Test func aDigestMayNameItsFeeds() throws {
        let feeds = "vnexpress=https://vnexpress.net/rss/tin-moi-nhat.rss;nhk=https://www3.nhk.or.jp/rss/news/cat0.xml"
        let config =
            #"{"digests": [{"name": "hanoi", "webhook_url": "https://hooks.slack.com/services/T/B/x", "news_feeds": ["vnexpress"]}]}"#
        let settings = try Settings.load(
            environment: ["TENKI_CONFIG": "/c.json", "TENKI_NEWS_FEEDS": feeds], readFile: { _ in config })
        #expect(settings.digests.first { $0.name == "hanoi" }?.newsFeeds == ["vnexpress"])

        let unknown = config.replacingOccurrences(of: #"["vnexpress"]"#, with: #"["bbc"]"#)
        do {
            _ = try Settings.load(
                environment: ["TENKI_CONFIG": "/c.json", "TENKI_NEWS_FEEDS": feeds], readFile: { _ in unknown })
            Issue.record("an unknown feed name was accepted")
        } catch {
            #expect(error.setting == "TENKI_CONFIG digests[hanoi].news_feeds")
            #expect(error.description.contains("vnexpress, nhk"))
        }
    }
}
