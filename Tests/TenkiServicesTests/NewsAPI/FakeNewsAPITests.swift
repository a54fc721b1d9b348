import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
@testable import TenkiFakes
import TenkiTestSupport
import Testing

@Suite("FakeNewsAPI behaves like NewsAPI")
struct FakeNewsAPITests {
    let fake = FakeNewsAPI(apiKey: "fake-key")

    func get(_ target: String, key: String? = "fake-key") async -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        if let key { headers.add("X-Api-Key", key) }
        return await fake.handle(HTTPRequest(method: "GET", target: target, headers: headers))
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    func decode(_ response: HTTPResponse) throws -> NewsAPIWire.ArticlesResponse {
        try JSONDecoder().decode(NewsAPIWire.ArticlesResponse.self, from: Data(response.body))
    }

    @Test func builtInSamplesAllDecodeAndCarryTheQuirks() {
        let samples = FakeNewsAPI.builtInSamples
        #expect(samples.count == 17)
        let articles = samples.map(\.article)
        #expect(articles.contains { $0.title == "[Removed]" && $0.url == "https://removed.com" })
        #expect(Set(articles.compactMap(\.url)).count == articles.count - 1)  // one duplicate by URL
        #expect(Set(articles.compactMap { $0.title?.lowercased() }).count == articles.count - 1)  // one by title
        #expect(articles.contains { $0.urlToImage?.hasPrefix("http://") == true })
        #expect(articles.contains { $0.urlToImage?.hasPrefix("https://") == true })
        #expect(articles.contains { $0.urlToImage == nil })
        #expect(articles.contains { $0.description?.contains("&amp;") == true })
        #expect(articles.contains { $0.description?.contains("<li>") == true })
        #expect(articles.filter { $0.title?.contains("ベトナム") == true }.count == 2)
        #expect(Set(samples.compactMap(\.category)) == Set(NewsCategory.allCases))
    }

    @Test func missingAndWrongKeysGetTheReal401Bodies() async {
        let missing = await get("/v2/top-headlines?country=us", key: nil)
        #expect(missing.status.code == 401)
        #expect(text(missing).contains(#""code":"apiKeyMissing""#))
        let wrong = await get("/v2/top-headlines?country=us", key: "nope")
        #expect(wrong.status.code == 401)
        #expect(text(wrong).contains(#""code":"apiKeyInvalid""#))
        let viaQuery = await get("/v2/top-headlines?country=us&apiKey=fake-key", key: nil)
        #expect(viaQuery.status.code == 200)
    }

    @Test func everythingRejectsCategoryAndAMissingQuery() async {
        let category = await get("/v2/everything?q=x&category=technology")
        #expect(category.status.code == 400)
        #expect(text(category).contains("The category param is not currently supported on the /everything endpoint."))
        let noQuery = await get("/v2/everything?sortBy=publishedAt")
        #expect(noQuery.status.code == 400)
        #expect(text(noQuery).contains(#""code":"parametersMissing""#))
    }

    @Test func topHeadlinesNeedsAParameterAndAKnownCategory() async {
        #expect(text(await get("/v2/top-headlines")).contains(#""code":"parametersMissing""#))
        let weather = await get("/v2/top-headlines?country=us&category=weather")
        #expect(weather.status.code == 400)
        #expect(text(weather).contains(#""code":"parameterInvalid""#))
    }

    @Test func searchWithoutMatchesIsTheRealEmptyBody() async {
        let response = await get("/v2/everything?q=zzyzx&sortBy=publishedAt")
        #expect(response.status.code == 200)
        #expect(text(response) == #"{"status":"ok","totalResults":0,"articles":[]}"#)
    }

    @Test func searchMatchesAcrossFieldsAndSortsByDate() async throws {
        let response = try decode(await get("/v2/everything?q=vietnam&sortBy=publishedAt"))
        let dates = response.articles.compactMap { $0.publishedAt.flatMap(ISO8601Timestamp.parse) }
        #expect(dates == dates.sorted(by: >))
        #expect(response.articles.count == 5)  // Reuters, its syndicated copy, VnExpress, The Diplomat, The Verge ("Vietnamese")
        let either = try decode(await get("/v2/everything?q=%E3%83%99%E3%83%88%E3%83%8A%E3%83%A0%20OR%20lions"))
        #expect(either.articles.count == 3)
        let excluded = try decode(await get("/v2/everything?q=vietnam%20-floods"))
        #expect(excluded.articles.allSatisfy { $0.title?.contains("Floods") != true })
    }

    @Test func pagesAndTotals() async throws {
        let first = try decode(await get("/v2/top-headlines?country=us&pageSize=3"))
        #expect(first.totalResults == 10)
        #expect(first.articles.count == 3)
        let last = try decode(await get("/v2/top-headlines?country=us&pageSize=3&page=4"))
        #expect(last.articles.count == 1)
        let beyond = try decode(await get("/v2/top-headlines?country=us&pageSize=3&page=9"))
        #expect(beyond.articles.isEmpty)
        let japan = try decode(await get("/v2/top-headlines?country=jp"))
        #expect(japan.articles.count == 2)
        let sports = try decode(await get("/v2/top-headlines?country=us&category=sports"))
        #expect(sports.articles.map(\.source?.name) == ["ESPN"])
    }

    @Test func callLogIsSharedByCopiesAndCanBeCleared() async {
        let copy = fake
        _ = await copy.handle(
            HTTPRequest(
                method: "GET", target: "/v2/everything?q=a%20b&pageSize=2", headers: ["X-Api-Key": "fake-key", "Accept": "x"]))
        let call = fake.calls.last
        #expect(call?.method == "GET")
        #expect(call?.path == "/v2/everything")
        #expect(call?.rawQuery == "q=a%20b&pageSize=2")
        #expect(
            call?.queryItems == [
                FakeNewsAPI.QueryItem(name: "q", value: "a b"), FakeNewsAPI.QueryItem(name: "pageSize", value: "2"),
            ])
        #expect(call?.headers["accept"] == "x")
        fake.removeAllCalls()
        #expect(copy.calls.isEmpty)
    }

    @Test func failureAndLatencyCanBeSetAndCleared() async {
        fake.setFailure(.tooManyRequests)
        let limited = await get("/v2/top-headlines?country=us")
        #expect(limited.status.code == 429)
        #expect(text(limited).contains(#""code":"rateLimited""#))
        #expect(await get("/v2/top-headlines?country=us", key: "nope").status.code == 401)  // key first
        fake.setFailure(nil)
        fake.setLatency(.milliseconds(50))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await get("/v2/top-headlines?country=us").status.code == 200)
        #expect(clock.now - start >= .milliseconds(50))
    }

    @Test func unknownPathIs404() async {
        #expect(await get("/v2/sources").status.code == 404)
    }
}
