import Testing

@testable import TenkiCore

@Suite("News categories, topics and countries")
struct NewsCategoryAndCountryTests {
    @Test(arguments: [
        ("tech", NewsCategory.technology), ("Technology", .technology), ("テクノロジー", .technology), ("技術", .technology),
        ("biz", .business), ("business", .business), ("ビジネス", .business), ("経済", .business),
        ("sport", .sports), ("SPORTS", .sports), ("スポーツ", .sports),
        ("science", .science), ("科学", .science), ("health", .health), ("健康", .health),
        ("entertainment", .entertainment), ("エンタメ", .entertainment), ("general", .general), (" tech ", .technology),
    ])
    func aliasesNameCategories(word: String, category: NewsCategory) {
        #expect(NewsCategory(userWord: word) == category)
    }

    @Test(arguments: ["ベトナム", "vietnam", "technologies", "tech news", "it", "", "sciences po", "bitcoin"])
    func otherWordsAreNotCategories(word: String) {
        #expect(NewsCategory(userWord: word) == nil)
    }

    @Test func everyCategoryIsItsOwnAlias() {
        for category in NewsCategory.allCases {
            #expect(NewsCategory(userWord: category.rawValue) == category)
        }
        #expect(
            NewsCategory.allCases.map(\.rawValue).sorted() == [
                "business", "entertainment", "general", "health", "science", "sports", "technology",
            ])
    }

    @Test func topicFromUserText() {
        #expect(NewsTopic(userText: "") == .headlines(nil))
        #expect(NewsTopic(userText: "   ") == .headlines(nil))
        #expect(NewsTopic(userText: "tech") == .headlines(.technology))
        #expect(NewsTopic(userText: "スポーツ") == .headlines(.sports))
        #expect(NewsTopic(userText: " ベトナム ") == .search("ベトナム"))
        #expect(NewsTopic(userText: "C++ & Rust") == .search("C++ & Rust"))
    }

    @Test(arguments: ["us", "jp", "gb", "JP", " de ", "za", "ae"])
    func acceptsListedCountries(code: String) throws {
        let country = try #require(NewsCountry(code: code))
        #expect(country.code == code.trimmingCharacters(in: .whitespaces).lowercased())
    }

    @Test(arguments: ["vn", "es", "uk", "usa", "", "j", "日本", "u s"])
    func rejectsOtherCountries(code: String) {
        #expect(NewsCountry(code: code) == nil)
    }

    @Test func defaultIsUSAndTheListHas54Codes() {
        #expect(NewsCountry.default.code == "us")
        #expect(NewsCountry.supportedCodes.count == 54)
        #expect(NewsCountry.supportedCodes.allSatisfy { $0.count == 2 && $0 == $0.lowercased() })
    }
}
