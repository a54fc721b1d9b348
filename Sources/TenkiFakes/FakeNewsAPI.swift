import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// An in-process stand-in for NewsAPI.org: `/v2/top-headlines` and `/v2/everything`, answered
/// from articles compiled into the binary (see `FakeNewsAPI.builtInSamples`), so that tests,
/// `tenki demo` and `tenki fakes` run offline.
///
/// Like the real service it checks the key first (the `X-Api-Key` header or the `apiKey` query
/// item; 401 with NewsAPI's real `apiKeyMissing`/`apiKeyInvalid` bodies), rejects `category` on
/// `/v2/everything` and a search without `q` with the real bodies, and answers a search that
/// matches nothing with `{"status":"ok","totalResults":0,"articles":[]}`. Samples are returned
/// as captured: HTML, entities, a `[Removed]` tombstone and a duplicate included, so the client's
/// cleaning runs for real. Every request is recorded in `calls`.
///
/// Copies share their call log and settings, so a test can keep one copy and hand another to a
/// transport or server.
public struct FakeNewsAPI: AsyncHTTPHandler, FakeProvider {
    /// The key the fake accepts unless told otherwise.
    public static let defaultAPIKey = "fake-newsapi-key"

    public let apiKey: String
    public let samples: [Sample]
    public let providerState: FakeProviderState

    /// - Parameters:
    ///   - latency: waited before every answer (to exercise timeouts and the inline-answer budget).
    ///   - failure: when set, every request that passes the key check gets this status with a
    ///     NewsAPI-shaped error body (401, 429, 400, 426 and 500 use NewsAPI's codes).
    public init(
        apiKey: String = FakeNewsAPI.defaultAPIKey, samples: [Sample] = FakeNewsAPI.builtInSamples,
        latency: Duration = .zero, failure: HTTPStatus? = nil
    ) {
        self.apiKey = apiKey
        self.samples = samples
        self.providerState = FakeProviderState(latency: latency, failure: failure)
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let (call, failure) = await receive(request)
        return respond(to: call, failure: failure)
    }

    func respond(to call: Call, failure: HTTPStatus?) -> HTTPResponse {
        guard let key = call.headers["X-Api-Key"] ?? call.query("apiKey"), !key.isEmpty else {
            return Self.json(.unauthorized, Bodies.apiKeyMissing)
        }
        guard key == apiKey else { return Self.json(.unauthorized, Bodies.apiKeyInvalid) }
        if let failure { return Self.error(failure) }
        let pageSize = min(max(call.query("pageSize").flatMap { Int($0) } ?? 20, 1), 100)
        let page = max(call.query("page").flatMap { Int($0) } ?? 1, 1)
        switch call.path {
        case "/v2/top-headlines":
            let country = call.query("country")?.lowercased()
            let category = call.query("category")
            let q = call.query("q")
            guard country != nil || category != nil || q != nil || call.query("sources") != nil else {
                return Self.json(.badRequest, Bodies.topHeadlinesParametersMissing)
            }
            if let category, NewsCategory(rawValue: category) == nil {
                return Self.json(.badRequest, Bodies.parameterInvalid(name: "category", value: category))
            }
            let found = samples.filter { sample in
                (country == nil || sample.country == country) && (category == nil || sample.category?.rawValue == category)
                    && (q == nil || sample.matches(q ?? ""))
            }
            return Self.articles(found, pageSize: pageSize, page: page)
        case "/v2/everything":
            if call.query("category") != nil { return Self.json(.badRequest, Bodies.categoryOnEverything) }
            guard let q = call.query("q") ?? call.query("qInTitle"), !q.trimmingCharacters(in: .whitespaces).isEmpty else {
                return Self.json(.badRequest, Bodies.everythingParametersMissing)
            }
            var found = samples.filter { $0.matches(q) }
            if call.query("sortBy") == "publishedAt" {
                found.sort { ($0.publishedAt ?? .distantPast) > ($1.publishedAt ?? .distantPast) }
            }
            return Self.articles(found, pageSize: pageSize, page: page)
        default:
            return Self.json(.notFound, Bodies.unknownEndpoint)
        }
    }

    /// `{"status":"ok","totalResults":N,"articles":[…]}` for one page of `found`.
    static func articles(_ found: [Sample], pageSize: Int, page: Int) -> HTTPResponse {
        let start = min((page - 1) * pageSize, found.count)
        let slice = found[start..<min(start + pageSize, found.count)]
        let body =
            #"{"status":"ok","totalResults":\#(found.count),"articles":["# + slice.map(\.json).joined(separator: ",") + "]}"
        return json(.ok, body)
    }

    /// The error body NewsAPI sends with `status`.
    static func error(_ status: HTTPStatus) -> HTTPResponse {
        switch status.code {
        case 401: json(status, Bodies.apiKeyInvalid)
        case 429: json(status, Bodies.rateLimited)
        case 400: json(status, Bodies.tooFarInThePast)
        case 426: json(status, Bodies.maximumResultsReached)
        default: json(status, Bodies.unexpectedError)
        }
    }
}
