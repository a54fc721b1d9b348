import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiProviders

@Suite("NewsAPIClient against the fake NewsAPI")
struct NewsAPIClientTests {
    let fake = FakeNewsAPI(apiKey: "test-key")

    func client(key: String = "test-key", bearer: String? = nil, logger: Logger = .discarding) throws -> NewsAPIClient {
        try NewsTestClients.client(HandlerTransport(fake), key: key, bearer: bearer, logger: logger)
    }

    @Test func japaneseQueryIsPercentEncodedExactly() async throws {
        let articles = try await client().everything(query: "ベトナム", pageSize: 10)
        let call = try #require(fake.calls.last)
        #expect(call.path == "/v2/everything")
        #expect(call.rawQuery == "q=%E3%83%99%E3%83%88%E3%83%8A%E3%83%A0&sortBy=publishedAt&pageSize=10")
        #expect(call.query("q") == "ベトナム")
        #expect(articles.map(\.sourceName) == ["NHK", "日本経済新聞"])
        #expect(articles.first?.summary == "ベトナム中部では大雨が続き、 ダナンなどで住宅の浸水被害が出ています。")
    }

    @Test(arguments: [
        ("C++ & Rust", "q=C%2B%2B%20%26%20Rust&sortBy=publishedAt&pageSize=5"),
        ("#swift news", "q=%23swift%20news&sortBy=publishedAt&pageSize=5"),
        ("a=b?c/d", "q=a%3Db%3Fc%2Fd&sortBy=publishedAt&pageSize=5"),
        ("  Đà Nẵng  ", "q=%C4%90%C3%A0%20N%E1%BA%B5ng&sortBy=publishedAt&pageSize=5"),
    ])
    func queryCharactersArriveIntact(query: String, rawQuery: String) async throws {
        _ = try await client().everything(query: query, pageSize: 5)
        let call = try #require(fake.calls.last)
        #expect(call.rawQuery == rawQuery)
        #expect(call.query("q") == query.trimmingCharacters(in: .whitespaces))
    }

    @Test func everythingNeverSendsCategoryOrLanguage() async throws {
        for query in ["technology", "tech", "ベトナム", "スポーツ"] {
            _ = try await client().everything(query: query, pageSize: 20)
        }
        #expect(fake.calls.count == 4)
        for call in fake.calls {
            #expect(call.queryItems.map(\.name) == ["q", "sortBy", "pageSize"])
            #expect(!call.rawQuery.contains("category"))
            #expect(!call.rawQuery.contains("language"))
            #expect(call.query("sortBy") == "publishedAt")
        }
    }

    @Test func keyGoesInTheHeaderNeverInTheURL() async throws {
        _ = try await client().topHeadlines(country: "us", category: nil, pageSize: 5)
        let call = try #require(fake.calls.last)
        #expect(call.headers["X-Api-Key"] == "test-key")
        #expect(call.headers["Accept"] == "application/json")
        #expect(call.headers["Authorization"] == nil)
        #expect(!call.rawQuery.contains("test-key"))
        #expect(call.query("apiKey") == nil)
    }

    @Test func bearerTokenIsSentWhenConfigured() async throws {
        _ = try await client(bearer: "proxy-token").topHeadlines(country: "us", category: nil, pageSize: 5)
        #expect(fake.calls.last?.headers["Authorization"] == "Bearer proxy-token")
        #expect(fake.calls.last?.headers["X-Api-Key"] == "test-key")
    }

    @Test func topHeadlinesAreCleaned() async throws {
        let articles = try await client().topHeadlines(country: "us", category: nil, pageSize: 20)
        let call = try #require(fake.calls.last)
        #expect(call.path == "/v2/top-headlines")
        #expect(call.rawQuery == "country=us&pageSize=20")
        #expect(!articles.contains { $0.title == "[Removed]" })
        #expect(articles.filter { $0.title.lowercased().hasPrefix("apple releases ios 26.2") }.count == 1)
        #expect(articles.first?.summary?.contains("\"Leave early,\" officials urged.") == true)
        #expect(articles.contains { $0.title == "Stocks close at a record as investors weigh the Fed’s December decision" })
        #expect(articles.allSatisfy { $0.imageURL == nil || $0.imageURL?.scheme == "https" })
        #expect(articles.count == 8)
    }

    @Test func categoryAndCountryAreSent() async throws {
        let articles = try await client().topHeadlines(country: "US", category: .technology, pageSize: 3)
        #expect(fake.calls.last?.rawQuery == "country=us&category=technology&pageSize=3")
        #expect(
            articles.map(\.title) == [
                "Apple releases iOS 26.2 with more Live Translation languages",
                "Swift 6.2 arrives with approachable concurrency and faster builds",
            ])
        #expect(
            articles[0].summary
                == "Apple's latest update adds Japanese & Vietnamese to Live Translation, plus lock screen tweaks.")
        #expect(articles[0].imageURL != nil)
        #expect(articles[1].imageURL == nil)  // http only
        #expect(articles[1].summary == "Default main-actor isolation for apps Faster incremental builds on Linux")
    }

    @Test func pageSizeIsClamped() async throws {
        _ = try await client().topHeadlines(country: "jp", category: nil, pageSize: 500)
        #expect(fake.calls.last?.query("pageSize") == "100")
        _ = try await client().everything(query: "vietnam", pageSize: 0)
        #expect(fake.calls.last?.query("pageSize") == "1")
    }

    @Test func unsupportedCountryAndBlankQueryAreRefusedWithoutARequest() async throws {
        let country = await #expect(throws: NewsAPIError.self) {
            try await client().topHeadlines(country: "vn", category: nil, pageSize: 5)
        }
        #expect(country?.kind == .badRequest(code: "parameterInvalid", message: "unsupported country vn"))
        let blank = await #expect(throws: NewsAPIError.self) { try await client().everything(query: " \n", pageSize: 5) }
        #expect(blank?.kind == .badRequest(code: "parametersMissing", message: "nothing to search for"))
        #expect(fake.calls.isEmpty)
    }

    @Test func searchWithoutMatchesIsEmpty() async throws {
        #expect(try await client().everything(query: "zzyzx-no-such-thing", pageSize: 5).isEmpty)
    }

    @Test func wrongKeyIsInvalidKeyAndNeverLeaks() async throws {
        let leaky = "NEWS-KEY-SHOULD-NOT-LEAK"
        let sink = InMemoryLogSink()
        let client = try client(key: leaky, bearer: "NEWS-BEARER-SHOULD-NOT-LEAK", logger: Logger(sink: sink, threshold: .debug))
        var texts: [String] = []
        for useSearch in [false, true] {
            do {
                _ =
                    useSearch
                    ? try await client.everything(query: "vietnam", pageSize: 5)
                    : try await client.topHeadlines(country: "us", category: .business, pageSize: 5)
                Issue.record("expected a failure")
            } catch {
                #expect(error.kind == .invalidKey)
                #expect(error.httpStatus == 401)
                #expect(error.providerCode == "apiKeyInvalid")
                texts += [error.description, String(describing: error), String(reflecting: error)]
            }
        }
        texts += sink.records.map { LogLineFormatter.logfmt($0) }
        #expect(sink.records.count == 2)
        for text in texts {
            #expect(!text.contains(leaky), "leaked in: \(text)")
            #expect(!text.contains("NEWS-BEARER-SHOULD-NOT-LEAK"), "leaked in: \(text)")
        }
        let first = try #require(sink.records.first)
        #expect(first.level == .debug)
        #expect(first.value("operation") == "top-headlines")
        #expect(
            first.value("url")
                == "https://newsapi.test/v2/top-headlines?country=us&category=business&pageSize=5")
        #expect(first.value("status") == "401")
        #expect(first.value("duration_ms") != nil)
    }

    @Test func missingKeyIsApiKeyMissing() async throws {
        let error = await #expect(throws: NewsAPIError.self) {
            try await client(key: "").topHeadlines(country: "us", category: nil, pageSize: 5)
        }
        #expect(error?.kind == .invalidKey)
        #expect(error?.providerCode == "apiKeyMissing")
        #expect(fake.calls.last?.headers["X-Api-Key"] == nil)
    }

    @Test(arguments: [
        (429, NewsAPIError.Kind.rateLimited, "rateLimited"),
        (500, .upstream(status: 500), "unexpectedError"),
        (401, .invalidKey, "apiKeyInvalid"),
    ])
    func fakeFailuresBecomeTypedErrors(status: Int, kind: NewsAPIError.Kind, code: String) async throws {
        fake.setFailure(HTTPStatus(code: status, reason: "Failure"))
        let error = await #expect(throws: NewsAPIError.self) { try await client().everything(query: "vietnam", pageSize: 5) }
        #expect(error?.kind == kind)
        #expect(error?.providerCode == code)
        #expect(error?.operation == .everything)
    }

    @Test func statusErrorWithHTTP200IsATypedError() async throws {
        let body = #"{"status":"error","code":"rateLimited","message":"You have made too many requests recently."}"#
        let client = try NewsTestClients.answering(status: 200, body: Array(body.utf8))
        let error = await #expect(throws: NewsAPIError.self) {
            try await client.topHeadlines(country: "us", category: nil, pageSize: 5)
        }
        #expect(error?.kind == .rateLimited)
        #expect(error?.httpStatus == 200)
        #expect(error?.isTemporary == true)
    }

    @Test(arguments: [
        (TransportError.timedOut, NewsAPIError.Kind.timedOut),
        (.cancelled, .cancelled),
        (.connectionFailed(reason: "refused for NEWS-KEY-SHOULD-NOT-LEAK"), .connectionFailed(reason: "refused for REDACTED")),
    ])
    func transportErrors(error: TransportError, kind: NewsAPIError.Kind) async throws {
        let client = try NewsTestClients.client(FailingTransport(error: error), key: "NEWS-KEY-SHOULD-NOT-LEAK")
        let thrown = await #expect(throws: NewsAPIError.self) { try await client.everything(query: "x", pageSize: 1) }
        #expect(thrown?.kind == kind)
        #expect(thrown?.httpStatus == nil)
    }

    @Test func baseURLPathPrefixIsKept() async throws {
        let handler = ClosureHTTPHandler { request in
            guard request.path == "/news/v2/everything" else { return HTTPResponse.text(.internalServerError, "wrong path") }
            return HTTPResponse.json(.ok, Array(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8))
        }
        let client = NewsAPIClient(
            transport: HandlerTransport(handler), baseURL: try #require(URL(string: "https://proxy.test/news/")), apiKey: "k",
            logger: .discarding)
        #expect(try await client.everything(query: "x", pageSize: 1).isEmpty)
    }
}
