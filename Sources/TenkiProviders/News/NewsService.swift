import Foundation
import TenkiCore
import TenkiMetrics

/// NewsAPI behind a cache and a daily call budget: the one way the app asks for news.
///
/// The free developer plan allows 100 requests a day, so answers live at least 30 minutes, and
/// once the day's budget is spent the last answer for the same question is served (marked stale)
/// instead of a call being made. Build one per process and share it.
public struct NewsService: Sendable {
    /// Articles asked of NewsAPI per call: more than a message shows, because duplicates and
    /// removed articles are dropped after the fact.
    public static let pageSize = 12

    let client: NewsAPIClient
    let budget: DailyCallBudget
    let upstream: UpstreamMetrics
    let cache: ExpiringCache<NewsKey, [NewsArticle], NewsAPIError>

    /// - Parameters:
    ///   - policy: the cache policy; its time to live should be 30 minutes or more.
    ///   - budget: NewsAPI calls allowed per UTC day, counted where every process of the deployment sees them.
    public init(client: NewsAPIClient, budget: DailyCallBudget, clock: any WallClock, metrics: MetricsRegistry? = nil, policy: CachePolicy = .news) {
        self.client = client
        self.budget = budget
        upstream = UpstreamMetrics(upstream: "newsapi", registry: metrics)
        cache = ExpiringCache("news", policy: policy, clock: clock, metrics: metrics, call: .everything)
    }

    /// Articles for a topic: a country's (and category's) top headlines, or a search. A call to
    /// NewsAPI, if the cache needs one, is charged to `spender`'s part of the daily budget.
    public func articles(
        for topic: NewsTopic, country: String, spender: DailyCallBudget.Spender
    ) async throws(NewsAPIError) -> CachedValue<[NewsArticle]> {
        let key = NewsKey(topic: topic, country: country)
        let client = client, budget = budget, upstream = upstream
        return try await cache.lookup(key) { () async throws(NewsAPIError) -> [NewsArticle] in
            let operation: NewsAPIError.Operation
            switch topic {
            case .headlines: operation = .topHeadlines
            case .search: operation = .everything
            }
            if case .refused(let refusal) = await budget.spend(by: spender) {
                throw NewsAPIError(.budgetExhausted(refusal), operation: operation)
            }
            return try await upstream.measure(operation.rawValue, errorKind: \.metricLabel) { () async throws(NewsAPIError) -> [NewsArticle] in
                switch topic {
                case .headlines(let category):
                    try await client.topHeadlines(country: country, category: category, pageSize: Self.pageSize)
                case .search(let query):
                    try await client.everything(query: query, pageSize: Self.pageSize)
                }
            }
        }
    }
}

/// What makes two news lookups the same question: the topic (a search by its normalised words)
/// and, for headlines, the country.
struct NewsKey: Hashable, Sendable {
    var headlinesCategory: String?
    var search: String?
    var country: String

    init(topic: NewsTopic, country: String) {
        switch topic {
        case .headlines(let category):
            headlinesCategory = category?.rawValue ?? "all"
            search = nil
            self.country = country
        case .search(let query):
            headlinesCategory = nil
            search = query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            self.country = ""
        }
    }
}

extension CachePolicy {
    /// News: 30 minutes fresh (the free plan's 100 calls a day), served stale for up to a day.
    public static let news = CachePolicy(timeToLive: 30 * 60, negativeTimeToLive: 0, maxStaleAge: 24 * 3600, maxEntries: 500)
}
