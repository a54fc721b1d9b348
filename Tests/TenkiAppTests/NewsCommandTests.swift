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
