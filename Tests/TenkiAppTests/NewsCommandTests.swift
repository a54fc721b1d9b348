import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport

@Suite("/news")
struct NewsCommandTests {
    @Test("bare /news shows up to five top headlines with links, sources and ages")
    func headlines() async throws {
        let harness = try AppHarness()
        let message = try await harness.message("/news", "")
        #expect(message.responseType == .inChannel)
        let sections = message.blocks.compactMap { block -> Section? in
            if case .section(let section) = block { return section }
            return nil
        }
        #expect(sections.count == 5)
        #expect(sections.allSatisfy { $0.text?.text.contains("|") == true && $0.text?.text.hasPrefix("*<https://") == true })
        #expect(MessageTextRenderer.render(message).contains(" ago"))
        #expect(sections.contains { $0.accessory != nil })
        let call = try #require(harness.fakes.news.calls.first)
        #expect(call.path == "/v2/top-headlines")
        #expect(call.query("country") == "us")
        #expect(call.headers["X-Api-Key"] == AppHarness.key)
    }

    @Test("a Japanese query searches everything, newest first, percent-encoded")
    func search() async throws {
        let harness = try AppHarness()
        let message = try await harness.message("/news", "ベトナム")
        #expect(MessageTextRenderer.render(message).contains("ベトナム"))
        let call = try #require(harness.fakes.news.calls.first)
        #expect(call.path == "/v2/everything")
        #expect(call.rawQuery.contains("q=%E3%83%99%E3%83%88%E3%83%8A%E3%83%A0"))
        #expect(call.query("sortBy") == "publishedAt")
        #expect(call.query("category") == nil)
        #expect(call.query("language") == nil)
    }

    @Test("category words map through the alias table", arguments: [("tech", "technology"), ("sports", "sports"), ("スポーツ", "sports")])
    func categories(word: String, category: String) async throws {
        let harness = try AppHarness()
        _ = try await harness.message("/news", word)
        #expect(harness.fakes.news.calls.first?.query("category") == category)
    }

    @Test("one person's searches spend only their share of the day's NewsAPI budget, and the reply says when it resets")
    func userShare() async throws {
        let harness = try AppHarness(environment: ["TENKI_NEWS_DAILY_BUDGET": "10", "TENKI_NEWS_USER_SHARE_PERCENT": "20"])
        _ = try await harness.message("/news", "storm", userID: "U1")
        _ = try await harness.message("/news", "flood", userID: "U1")
        let refused = try await harness.message("/news", "typhoon", userID: "U1")
        #expect(refused.responseType == .ephemeral)
        #expect(refused.text.contains("your share of today's NewsAPI allowance (2 lookups)"))
        #expect(refused.text.contains("resets at midnight UTC, in 24 h"))
        #expect(harness.fakes.news.calls.count == 2)

        let someoneElse = try await harness.message("/news", "typhoon", userID: "U2")
        #expect(!someoneElse.text.contains("allowance"))
        #expect(harness.fakes.news.calls.count == 3)
        // An answer already fetched costs nothing, so the busy user gets it too.
        let fetched = try await harness.message("/news", "typhoon", userID: "U1")
        #expect(fetched.text == someoneElse.text)
        #expect(harness.fakes.news.calls.count == 3)
    }

    static let waits: [(seconds: Double, english: String, japanese: String)] = [
        (30, "1 min", "1分"), (3540, "59 min", "59分"), (3600, "1 h", "1時間"), (11_515, "3 h 12 min", "3時間12分"),
    ]

    @Test("the wait until the budget resets reads in hours and minutes, rounded up", arguments: waits)
    func resetWait(seconds: Double, english: String, japanese: String) {
        #expect(ReplyStrings.english.wait(seconds) == english)
        #expect(ReplyStrings.japanese.wait(seconds) == japanese)
    }

    @Test("no results is a friendly ephemeral message naming the query")
    func noResults() async throws {
        let message = try await AppHarness().message("/news", "zxqv")
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("“zxqv”"))
    }

    @Test("without NEWSAPI_KEY the user is told an admin must configure it, and nothing is called")
    func notConfigured() async throws {
        let harness = try AppHarness(environment: ["NEWSAPI_KEY": ""])
        let message = try await harness.message("/news", "")
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("admin"))
        #expect(harness.fakes.news.calls.isEmpty)
    }

    @Test("a rejected key and an outage become plain-language errors, never the key")
    func providerErrors() async throws {
        let harness = try AppHarness(environment: ["NEWSAPI_KEY": "NEWS-KEY-SHOULD-NOT-LEAK-123456"])
        let rejected = try await harness.message("/news", "")
        #expect(rejected.text.contains("rejected"))
        #expect(!String(decoding: try JSONEncoder().encode(rejected), as: UTF8.self).contains("NEWS-KEY-SHOULD-NOT-LEAK"))
        let outage = try AppHarness()
        outage.fakes.news.setFailure(.serviceUnavailable)
        let failed = try await outage.message("/news", "")
        #expect(failed.responseType == .ephemeral)
        #expect(failed.text.contains("news service"))
    }

    @Test("in Japanese, ages and labels are Japanese")
    func japanese() async throws {
        let message = try await AppHarness(environment: ["TENKI_LANG": "ja"]).message("/news", "")
        let text = MessageTextRenderer.render(message)
        #expect(text.contains("トップニュース"))
        #expect(text.contains("時間前") || text.contains("日前") || text.contains("分前"))
        #expect(!text.contains(" ago"))
    }
}
