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
        #expect(try load(["TENKI_NEWS_FEEDS": "https://a.example/rss", "TENKI_NEWS_PROVIDER": "newsapi", "NEWSAPI_KEY": "k"])
            .newsProvider == .newsapi)
    }

    @Test func aBadListIsOneLineNamingTheSetting() {
        for bad in ["ftp://a.example/rss", "not a url", "bad name!=https://a.example/rss", "a=https://x.example/1;A=https://y.example/2", ";"] {
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
