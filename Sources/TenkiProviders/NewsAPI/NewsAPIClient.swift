import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiLogging

/// NewsAPI.org's `/v2/top-headlines` and `/v2/everything`, over any `HTTPTransport`, returning
/// cleaned `NewsArticle`s (see `NewsArticleCleaner`).
///
/// The key travels in the `X-Api-Key` header, which NewsAPI accepts as an alternative to the
/// `apiKey` query item: a URL is copied into logs, proxies' access logs, traces and error
/// messages, a header is not, so the key never has to be scrubbed from a URL in the first place.
/// Every failure is a `NewsAPIError` that says which call failed and why, without the key.
/// Each request writes one debug line (redacted URL, status, duration).
public struct NewsAPIClient: ProviderClient {
    package static let provider = "newsapi"
    /// The base URL, timeout, transport and logger, and the key and token as secrets to scrub.
    let request: ProviderRequest
    public var baseURL: URL { request.baseURL }
    public var timeout: Duration { request.timeout }
    let cleaner = NewsArticleCleaner()

    /// NewsAPI's largest page; larger `pageSize` values are clamped to it.
    public static let maximumPageSize = 100

    /// Calls to `https://newsapi.org`, or a proxy, as `request` says (see `ProviderClient`).
    package init(request: ProviderRequest) {
        self.request = request
    }

    /// The top headlines in `country` (a code from `NewsCountry.supportedCodes`, any case),
    /// optionally in one `category`, newest-ranked first as NewsAPI orders them.
    ///
    /// An unsupported country is refused as `.badRequest` without a request: NewsAPI would answer
    /// an empty list, and "no news" is a worse answer than "unknown country".
    public func topHeadlines(country: String, category: NewsCategory?, pageSize: Int) async throws(NewsAPIError) -> [NewsArticle]
    {
        guard let validCountry = NewsCountry(code: country) else {
            throw NewsAPIError(
                .badRequest(code: "parameterInvalid", message: "unsupported country \(country)"), operation: .topHeadlines)
        }
        var query: [(name: String, value: String)] = [("country", validCountry.code)]
        if let category { query.append(("category", category.rawValue)) }
        query.append(("pageSize", String(Self.clamp(pageSize))))
        return try await articles(.topHeadlines, path: "/v2/top-headlines", query: query)
    }

    /// Articles from all sources matching `query` (any language, as typed: `ベトナム`, `C++ & Rust`),
    /// newest first. Sends neither `category` (NewsAPI rejects it on this endpoint) nor `language`
    /// (so a Japanese query finds English articles that mention it and vice versa).
    public func everything(query: String, pageSize: Int) async throws(NewsAPIError) -> [NewsArticle] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw NewsAPIError(.badRequest(code: "parametersMissing", message: "nothing to search for"), operation: .everything)
        }
        return try await articles(
            .everything, path: "/v2/everything",
            query: [("q", trimmed), ("sortBy", "publishedAt"), ("pageSize", String(Self.clamp(pageSize)))])
    }

    private static func clamp(_ pageSize: Int) -> Int { min(max(pageSize, 1), maximumPageSize) }

    /// Sends one GET and returns the cleaned articles, or throws the error the response (or its absence) means.
    private func articles(
        _ operation: NewsAPIError.Operation, path: String, query: [(name: String, value: String)]
    ) async throws(NewsAPIError) -> [NewsArticle] {
        let response: OutboundResponse
        do {
            let key: HTTPHeaders = request.apiKey.isEmpty ? [:] : ["X-Api-Key": request.apiKey]
            response = try await request.get(path: path, query: query, headers: key, operation: operation.rawValue)
        } catch {
            throw NewsAPIError(error.kind(), operation: operation)
        }
        let wire = try NewsAPIResponseInterpreter(operation: operation, secrets: request.secrets)
            .interpret(status: response.status, body: response.body)
        return cleaner.clean(wire.articles)
    }
}
