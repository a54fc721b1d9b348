import Foundation
import TenkiCore
import TenkiFakes
import TenkiHTTPServer
import Testing

@testable import TenkiApp

@Suite("/news with feeds")
struct FeedNewsCommandTests {
    static let threeFeeds =
        "vnexpress=http://fakes.test/feeds/vnexpress.rss;nhk=http://fakes.test/feeds/nhk.xml;blog=http://fakes.test/feeds/blog.atom"

    func harness(feeds: String = Self.threeFeeds, extra: [String: String] = [:]) throws -> AppHarness {
        var environment = ["TENKI_NEWS_FEEDS": feeds]
        for (name, value) in extra { environment[name] = value }
        return try AppHarness(environment: environment)
    }

    static func sections(_ message: SlackMessage) -> [String] {
        message.blocks.compactMap { block -> String? in
            if case .section(let section) = block { return section.text?.text }
            return nil
        }
    }

    static func context(_ message: SlackMessage) -> String {
        message.blocks.compactMap { block -> String? in
            if case .context(let elements) = block {
                return MessageTextRenderer.render(SlackMessage(text: "", blocks: [.context(elements)]))
            }
            return nil
        }.joined(separator: "\n")
    }

    @Test("bare /news: the newest items of all feeds, merged newest first, one copy of a story in two feeds")
    func latest() async throws {
        let harness = try harness()
        let message = try await harness.message("/news", "")
        #expect(message.responseType == .inChannel)
        let sections = Self.sections(message)
        #expect(sections.count == 5)
        let expected = ["Release 4.2", "Đà Nẵng đón đợt mưa lớn", "ベトナム中部で大雨", "Giá vàng tăng mạnh", "東京都心で初雪"]
        for (section, title) in zip(sections, expected) {
            #expect(section.contains(title), "\(section) should be \(title)")
        }
        #expect(!sections.contains { $0.contains("Tokyo đón tuyết") }, "the same link in a second feed is dropped")
        #expect(sections[1].contains("*<https://vnexpress.net/da-nang-don-dot-mua-lon-4900001.html|"))
        #expect(Self.context(message).contains("`vnexpress`, `nhk`, `blog`"))
        #expect(harness.fakes.news.calls.isEmpty, "one provider per deployment: NewsAPI is not asked")
        let calls = harness.fakes.feeds.calls
        #expect(Set(calls.map(\.path)) == ["/feeds/vnexpress.rss", "/feeds/nhk.xml", "/feeds/blog.atom"])
        #expect(calls.allSatisfy { $0.headers["User-Agent"]?.hasPrefix("tenki/") == true })
    }

    @Test("/news NAME shows one feed")
    func oneFeed() async throws {
        let message = try await harness().message("/news", "NHK")
        let sections = Self.sections(message)
        #expect(sections.count == 2)
        #expect(sections.allSatisfy { $0.contains("NHKニュース") })
        #expect(MessageTextRenderer.render(message).contains("News: NHKニュース"))
    }

    @Test(
        "/news WORDS searches every feed, ignoring case and accents, in any script",
        arguments: [
            ("đà nẵng", "Đà Nẵng đón đợt mưa lớn"), ("DA NANG", "Đà Nẵng đón đợt mưa lớn"), ("東京", "東京都心で初雪"),
            ("tokyo tuyết", "Tokyo đón tuyết đầu mùa"), ("ダナン", "ベトナム中部で大雨"),
        ])
    func search(words: String, title: String) async throws {
        let message = try await harness().message("/news", words)
        let sections = Self.sections(message)
        #expect(sections.count == 1)
        #expect(sections.first?.contains(title) == true)
    }

    @Test("a search that finds nothing says so, privately, naming the words")
    func nothingFound() async throws {
        let message = try await harness().message("/news", "zxqv <b>")
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("zxqv &lt;b&gt;"))
    }

    @Test("headlines from feeds are hostile input: escaped in blocks and in the fallback text")
    func hostileHeadline() async throws {
        let message = try await harness().message("/news", "blog")
        let release = try #require(Self.sections(message).first { $0.contains("Release 4.2") })
        #expect(!release.contains("<!channel>"))
        #expect(release.contains("&lt;!channel&gt;"))
        #expect(!release.contains("<https://evil.example|"))
        #expect(!message.text.contains("<") && message.text.count <= 300)
        #expect(message.text.contains("Release 4.2"))
    }

    @Test("a failing feed leaves a note and the other feeds answer")
    func failingFeed() async throws {
        let harness = try harness(feeds: Self.threeFeeds + ";broken=http://fakes.test/feeds/not-a-feed.xml")
        let message = try await harness.message("/news", "")
        #expect(Self.sections(message).count == 5)
        let context = Self.context(message)
        #expect(context.contains("broken could not be read (not an RSS or Atom feed"))
    }

    @Test("every feed failing is a friendly private answer with the notes")
    func allFeedsFailing() async throws {
        let harness = try harness()
        harness.fakes.feeds.setFailure(.serviceUnavailable)
        let message = try await harness.message("/news", "")
        #expect(message.responseType == .ephemeral)
        let rendered = MessageTextRenderer.render(message)
        #expect(rendered.contains("No news arrived from the feeds"))
        #expect(rendered.contains("nhk could not be read (HTTP 503)"))
    }

    @Test("without NEWSAPI_KEY and without feeds, /news says what an admin must set")
    func notConfigured() async throws {
        let harness = try AppHarness(environment: ["NEWSAPI_KEY": ""])
        let message = try await harness.message("/news", "")
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("TENKI_NEWS_FEEDS") && message.text.contains("NEWSAPI_KEY"))
    }

    @Test("/news help with feeds names the feeds and how to search them")
    func help() async throws {
        let message = try await harness().message("/news", "help")
        #expect(message.responseType == .ephemeral)
        let rendered = MessageTextRenderer.render(message)
        #expect(rendered.contains("vnexpress") && rendered.contains("nhk") && rendered.contains("/news NAME"))
        #expect(!rendered.contains("business"), "NewsAPI's categories do not apply to feeds")
    }
}
