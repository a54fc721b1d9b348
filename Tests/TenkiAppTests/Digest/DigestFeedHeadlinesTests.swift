import Foundation
@testable import TenkiCore
import TenkiFakes
@testable import TenkiApp
@testable import TenkiProviders
import TenkiTestSupport
import Testing

/// A digest's headlines from feeds: merged, narrowed to the digest's feeds and words, links only.
@Suite struct DigestFeedHeadlinesTests {
    let fakes = FakeFeeds()
    let sources = ["vnexpress.rss", "nhk.xml", "blog.atom"].map { file in
        FeedSource(name: String(file.split(separator: ".")[0]), url: URL(string: "http://127.0.0.1:9/feeds/" + file)!)
    }

    func builder() -> DigestBuilder {
        let client = FeedClient(
            transport: HandlerTransport(fakes), userAgent: "tenki/test", rule: FeedAddressRule(allowsPrivateAddresses: true),
            logger: .discarding)
        let feeds = FeedService(sources: sources, client: client, clock: ManualClock())
        return DigestBuilder(weather: nil, news: nil, feeds: feeds, newsCountry: "us")
    }

    func content(query: String? = nil, feeds: [String]? = nil) -> DigestBuilder.Content {
        DigestBuilder.Content(cities: [], newsQuery: query, newsFeeds: feeds, language: .en, units: .metric, timeZone: .gmt)
    }

    @Test func everyFeedNewestFirstWithoutRepeats() async {
        let built = await builder().build(content(), excludingHeadlines: [], now: Date(timeIntervalSince1970: 1_796_083_200))
        #expect(built.headlineURLs.first == "https://blog.example.com/posts/release-4-2")
        #expect(built.headlineURLs.count == Set(built.headlineURLs).count)
        #expect(!built.newsFailed)
        let again = await builder().build(
            content(), excludingHeadlines: Set(built.headlineURLs), now: Date(timeIntervalSince1970: 1_796_083_200))
        #expect(Set(again.headlineURLs).isDisjoint(with: built.headlineURLs))
    }

    @Test("the sources line names the feeds shown, not NewsAPI.org, nor OpenWeatherMap without cities")
    func sourcesLineNamesTheFeeds() async {
        let built = await builder().build(content(feeds: ["nhk"]), excludingHeadlines: [], now: Date())
        let text = MessageTextRenderer.render(built.message.slack)
        #expect(!text.contains("NewsAPI") && !text.contains("OpenWeatherMap"), "\(text)")
        let sources = text.split(separator: "\n").last { $0.contains("Data:") }
        #expect(sources?.contains("NHK") == true || sources?.contains("nhk") == true, "\(text)")
    }

    @Test("no headline matching the digest's words says so, not that every headline was shown before")
    func noMatchIsNotNothingNew() async {
        let none = await builder().build(content(query: "zzzz-nothing-matches"), excludingHeadlines: [], now: Date())
        let text = MessageTextRenderer.render(none.message.slack)
        #expect(text.contains("No headlines: the news source had none for this digest."), "\(text)")
        // Digests in a row until the feed's every headline was shown once: then nothing is new.
        var seen = Set<String>()
        var last = await builder().build(content(feeds: ["nhk"]), excludingHeadlines: seen, now: Date())
        for _ in 0..<20 where !last.headlineURLs.isEmpty {
            seen.formUnion(last.headlineURLs)
            last = await builder().build(content(feeds: ["nhk"]), excludingHeadlines: seen, now: Date())
        }
        #expect(last.headlineURLs.isEmpty && !seen.isEmpty)
        #expect(MessageTextRenderer.render(last.message.slack).contains("No new headlines since the last digest."))
    }

    @Test func aDigestNamesItsFeedsAndWords() async {
        let nhk = await builder().build(content(feeds: ["nhk"]), excludingHeadlines: [], now: Date())
        #expect(nhk.headlineURLs.allSatisfy { $0.hasPrefix("https://www3.nhk.or.jp/") } && !nhk.headlineURLs.isEmpty)
        let danang = await builder().build(content(query: "đà nẵng"), excludingHeadlines: [], now: Date())
        #expect(danang.headlineURLs == ["https://vnexpress.net/da-nang-don-dot-mua-lon-4900001.html"])
    }
}
