import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiProviders
import TenkiStorage
import TenkiFakes
import TenkiTestSupport
import Testing

@Suite("News service: cache and daily budget")
struct NewsServiceTests {
    static let key = "news-service-key-0123456789"

    func service(clock: ManualClock, fake: FakeNewsAPI, budget: Int = 100) throws -> NewsService {
        let client = NewsAPIClient(
            transport: HandlerTransport(fake), baseURL: try #require(URL(string: "https://newsapi.test")), apiKey: Self.key,
            logger: .discarding)
        return NewsService(
            client: client, budget: DailyCallBudget(upstream: "newsapi", limit: budget, store: InMemoryCallBudgetStore(), clock: clock),
            clock: clock)
    }

    @Test("answers live 30 minutes; concurrent identical lookups make one call")
    func caching() async throws {
        let clock = ManualClock()
        let fake = FakeNewsAPI(apiKey: Self.key)
        let news = try service(clock: clock, fake: fake)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = try? await news.articles(for: .headlines(nil), country: "us", spender: .schedule) } }
        }
        #expect(fake.calls.count == 1)
        clock.advance(by: 29 * 60)
        _ = try await news.articles(for: .headlines(nil), country: "us", spender: .schedule)
        #expect(fake.calls.count == 1)
        clock.advance(by: 2 * 60)
        _ = try await news.articles(for: .headlines(nil), country: "us", spender: .schedule)
        #expect(fake.calls.count == 2)
        _ = try await news.articles(for: .search("ベトナム"), country: "us", spender: .schedule)
        _ = try await news.articles(for: .search("  ベトナム "), country: "jp", spender: .schedule)
        #expect(fake.calls.count == 3)
    }

    @Test("once the daily budget is spent, the last answer is served stale and no call is made")
    func budget() async throws {
        let clock = ManualClock()
        let fake = FakeNewsAPI(apiKey: Self.key)
        let news = try service(clock: clock, fake: fake, budget: 2)
        _ = try await news.articles(for: .headlines(nil), country: "us", spender: .schedule)
        _ = try await news.articles(for: .search("swift"), country: "us", spender: .schedule)
        clock.advance(by: 45 * 60)
        let stale = try await news.articles(for: .headlines(nil), country: "us", spender: .schedule)
        #expect(stale.isStale)
        #expect(abs((stale.staleAge ?? 0) - 45 * 60) < 0.001)
        #expect(!stale.value.isEmpty)
        #expect(fake.calls.count == 2)
        do {
            _ = try await news.articles(for: .headlines(.sports), country: "us", spender: .schedule)
            Issue.record("a call was made past the budget")
        } catch {
            guard case .budgetExhausted(let refusal) = error.kind else { Issue.record("\(error)"); return }
            #expect(refusal.reason == .budgetSpent && refusal.allowance == 2)
            #expect(refusal.resetsAt.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0, "midnight UTC")
            #expect(refusal.resetsAt > clock.now() && refusal.resetsAt.timeIntervalSince(clock.now()) <= 86_400)
        }
        clock.advance(by: 24 * 3600)
        _ = try await news.articles(for: .headlines(.sports), country: "us", spender: .schedule)
        #expect(fake.calls.count == 3)
    }

    @Test("an outage serves the last answer with its age; a bad key is not hidden")
    func staleIfError() async throws {
        let clock = ManualClock()
        let fake = FakeNewsAPI(apiKey: Self.key)
        let news = try service(clock: clock, fake: fake)
        _ = try await news.articles(for: .headlines(nil), country: "us", spender: .schedule)
        clock.advance(by: 40 * 60)
        fake.setFailure(.internalServerError)
        let stale = try await news.articles(for: .headlines(nil), country: "us", spender: .schedule)
        #expect(abs((stale.staleAge ?? 0) - 40 * 60) < 0.001)
        await #expect(throws: NewsAPIError.self) {
            _ = try await news.articles(for: .search("never asked"), country: "us", spender: .schedule)
        }
    }
}
