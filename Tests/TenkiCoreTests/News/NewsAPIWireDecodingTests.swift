import Foundation
import Testing

@testable import TenkiCore

@Suite("NewsAPI wire decoding")
struct NewsAPIWireDecodingTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func nullAndEmptyStringAndMissingAreAlike() throws {
        let response = try decode(
            NewsAPIWire.ArticlesResponse.self,
            #"""
            {"status":"ok","totalResults":3,"articles":[
              {"source":{"id":null,"name":"A"},"author":null,"title":"t1","description":null,"url":"https://a.test","urlToImage":null,"publishedAt":"2024-06-18T16:22:03Z","content":null},
              {"source":{"id":"","name":"B"},"author":"","title":"t2","description":"","url":"https://b.test","urlToImage":"","publishedAt":"2024-06-18T16:22:03Z","content":"  "},
              {"title":"t3"},
              {"source":null,"title":42,"description":["x"],"url":{"a":1}}
            ]}
            """#)
        #expect(response.totalResults == 3)
        #expect(response.articles.count == 4)
        for article in response.articles {
            #expect(article.author == nil)
            #expect(article.description == nil)
            #expect(article.urlToImage == nil)
            #expect(article.content == nil)
            #expect(article.source?.id == nil)
        }
        #expect(response.articles[2] == NewsAPIWire.Article(title: "t3"))
        #expect(response.articles[3] == NewsAPIWire.Article())
    }

    @Test func totalResultsMayBeMissing() throws {
        let response = try decode(NewsAPIWire.ArticlesResponse.self, #"{"status":"ok","articles":[]}"#)
        #expect(response.totalResults == nil)
        #expect(response.articles.isEmpty)
    }

    @Test func articlesAreRequired() {
        #expect(throws: DecodingError.self) { try decode(NewsAPIWire.ArticlesResponse.self, #"{"status":"ok"}"#) }
    }

    @Test func errorBodyIsReadFromAnyBody() throws {
        let error = try decode(
            NewsAPIWire.ErrorBody.self, String(decoding: try Fixtures.bytes("newsapi_error_rateLimited_429.json"), as: UTF8.self))
        #expect(error.isError)
        #expect(error.code == "rateLimited")
        #expect(error.message?.hasPrefix("You have made too many requests recently.") == true)
        let ok = try decode(NewsAPIWire.ErrorBody.self, #"{"status":"ok","totalResults":0,"articles":[]}"#)
        #expect(!ok.isError)
        #expect(ok.code == nil)
    }

    @Test func healthFixtureHasNullDescriptionImageAndContent() throws {
        let response = try JSONDecoder().decode(
            NewsAPIWire.ArticlesResponse.self,
            from: Data(try Fixtures.bytes("newsapi_top_headlines_health_description_null_urlToImage_null_content_null.json")))
        let article = try #require(response.articles.first)
        #expect(article.description == nil)
        #expect(article.urlToImage == nil)
        #expect(article.content == nil)
        #expect(article.source == NewsAPIWire.Source(id: "google-news", name: "Google News"))
        #expect(article.author == "Medical Xpress")
    }

    @Test func bitcoinFixtureHasEmptyDescriptionAsNilAndNullAuthor() throws {
        let response = try JSONDecoder().decode(
            NewsAPIWire.ArticlesResponse.self,
            from: Data(
                try Fixtures.bytes(
                    "newsapi_everything_bitcoin_2020_TRIMMED_5_articles_empty_description_null_author_czech_html.json")))
        #expect(response.totalResults == 4686)
        #expect(response.articles.count == 5)
        #expect(response.articles[1].description == nil)
        #expect(response.articles[2].author == nil)
        #expect(response.articles[0].content?.contains("\r\n") == true)
    }
}
