import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import Testing

@testable import TenkiProviders

/// What each captured NewsAPI body must turn into, through the real client. One row per
/// `newsapi_*.json` fixture; a test below fails when a fixture has no row.
struct NewsFixtureExpectation: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        /// After cleaning: how many articles, the first title, every summary, how many images kept.
        case articles(count: Int, firstTitle: String?, summaries: [String?], images: Int)
        case failure(NewsAPIError.Kind, code: String)
    }

    var file: String
    /// The HTTP status the body was captured with.
    var status: Int
    var outcome: Outcome

    var testDescription: String { file }
}

private let bitcoinSummaries: [String?] = [
    "According to Google's policy, it can own intellectual property and code that employees write, even if it's for outside projects. If Googlers want to retain rights over their code, they have to go through an approval process. Former Googlers say the long proce…",
    nil,
    "XFL football returns this weekend for the fist time in 19 years. Commissioner Oliver Luck says it's here to stay.",
    "Šanghajská továrna na výrobu elektromobilů Tesla začne už v pondělí opět fungovat. A to i přes rekordní nárůst počtu potvrzených případů nákazy smrtícím koronavirem, kvůli které byla produkce pozastavena. S odkazem na slova představitele šanghajské samosprávy…",
    "Here are more good courses for Free and some will expire within a day. Have fun learning Udemy : HTML, CSS, & JavaScript - Certificat…",
]

private let expectations: [NewsFixtureExpectation] = [
    .init(
        file: "newsapi_2_articles_html_in_content_unicode_punctuation.json", status: 200,
        outcome: .articles(
            count: 2, firstTitle: "BNB’s 29th Burn – Examining the odds of altcoin rallying to a new high now",
            summaries: [
                "BNB’s 29th burn could be the catalyst for a new rally if resistance breaks.",
                "As a bullish 2024 ramps up, established players Binance Coin (BNB) and Solana (SOL) once again steal the show. But as these market giants struggle to scale and strengthen their ecosystems, Lunex Network is cutting through the noise with its innovative tech, p…",
            ], images: 2)),
    .init(
        file: "newsapi_empty_totalResults_0.json", status: 200,
        outcome: .articles(count: 0, firstTitle: nil, summaries: [], images: 0)),
    .init(file: "newsapi_error_apiKeyInvalid_401.json", status: 401, outcome: .failure(.invalidKey, code: "apiKeyInvalid")),
    .init(file: "newsapi_error_apiKeyMissing_401.json", status: 401, outcome: .failure(.invalidKey, code: "apiKeyMissing")),
    .init(
        file: "newsapi_error_parameterInvalid_category_on_everything.json", status: 400,
        outcome: .failure(
            .badRequest(
                code: "parameterInvalid", message: "The category param is not currently supported on the /everything endpoint."),
            code: "parameterInvalid")),
    .init(
        file: "newsapi_error_parameterInvalid_too_far_in_past.json", status: 400,
        outcome: .failure(
            .badRequest(
                code: "parameterInvalid",
                message:
                    "You are trying to request results too far in the past. Your plan permits you to request articles as far back as 2023-02-01, but you have requested 2022-06-27. You may need to upgrade to a paid plan."
            ), code: "parameterInvalid")),
    .init(
        file: "newsapi_error_parametersMissing_everything.json", status: 400,
        outcome: .failure(
            .badRequest(
                code: "parametersMissing",
                message:
                    "Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q, qInTitle, sources, domains."
            ), code: "parametersMissing")),
    .init(file: "newsapi_error_rateLimited_429.json", status: 429, outcome: .failure(.rateLimited, code: "rateLimited")),
    .init(
        file: "newsapi_everything_bitcoin_2020_TRIMMED_5_articles_empty_description_null_author_czech_html.json", status: 200,
        outcome: .articles(
            count: 5,
            firstTitle:
                "Google can claim rights over code that its employees write for outside projects, and former Googlers say this policy 'could potentially put' other projects at risk (GOOG, GOOGL)",
            summaries: bitcoinSummaries, images: 5)),
    .init(
        file: "newsapi_top_headlines_health_description_null_urlToImage_null_content_null.json", status: 200,
        outcome: .articles(
            count: 1, firstTitle: "Study finds link between genetics and coffee intake - Medical Xpress", summaries: [nil],
            images: 0)),
]

@Suite("Every captured NewsAPI body, through the client")
struct NewsAPIFixtureTableTests {
    @Test func everyFixtureHasARow() throws {
        let files = try Fixtures.names().filter { $0.hasPrefix("newsapi_") && $0.hasSuffix(".json") }
        #expect(files == expectations.map(\.file).sorted())
        #expect(files.count == 10)
    }

    @Test(arguments: expectations)
    func withItsCapturedStatus(row: NewsFixtureExpectation) async throws {
        try await check(row, status: row.status)
    }

    /// NewsAPI (or a proxy) may send the same bodies with HTTP 200: `status` decides, not the HTTP status.
    @Test(arguments: expectations)
    func withHTTP200(row: NewsFixtureExpectation) async throws {
        try await check(row, status: 200)
    }

    private func check(_ row: NewsFixtureExpectation, status: Int) async throws {
        let client = try NewsTestClients.answering(status: status, body: try Fixtures.bytes(row.file))
        switch row.outcome {
        case .articles(let count, let firstTitle, let summaries, let images):
            let articles = try await client.everything(query: "anything", pageSize: 20)
            #expect(articles.count == count)
            #expect(articles.first?.title == firstTitle)
            #expect(articles.map(\.summary) == summaries)
            #expect(articles.compactMap(\.imageURL).count == images)
            #expect(articles.allSatisfy { $0.imageURL?.scheme == "https" || $0.imageURL == nil })
            for article in articles {
                for text in [article.title, article.summary ?? "", article.sourceName] {
                    #expect(!text.contains("<") && !text.contains("&amp;") && !text.contains("\r") && !text.contains("  "))
                }
            }
        case .failure(let kind, let code):
            let error = await #expect(throws: NewsAPIError.self) {
                try await client.topHeadlines(country: "us", category: nil, pageSize: 5)
            }
            #expect(error?.kind == kind)
            #expect(error?.providerCode == code)
            #expect(error?.httpStatus == status)
            #expect(error?.operation == .topHeadlines)
            #expect(error?.providerMessage?.isEmpty == false)
        }
    }

    @Test func czechTitleAndHTMLDescriptionOfTheBitcoinFixture() async throws {
        let body = try Fixtures.bytes(
            "newsapi_everything_bitcoin_2020_TRIMMED_5_articles_empty_description_null_author_czech_html.json")
        let articles = try await NewsTestClients.answering(status: 200, body: body).everything(query: "bitcoin", pageSize: 5)
        #expect(articles[3].title == "Žádný strach z koronaviru: čínská gigatovárna Tesly už brzy obnoví provoz")
        #expect(articles[3].sourceName == "Www.e15.cz")
        #expect(articles[1].summary == nil)
        #expect(articles[0].publishedAt == Date(timeIntervalSince1970: 1_581_170_400))
    }
}
