import Testing

@testable import TenkiCore

@Suite struct NewsSearchQueryTests {
    @Test(arguments: ["đà nẵng", "Đà Nẵng", "ĐÀ NẴNG", "da nang", "nang"])
    func vietnameseMatchesWithOrWithoutAccentsAndCase(query: String) {
        #expect(NewsSearchQuery(query).matches("Mưa lớn ở Đà Nẵng chiều nay", nil))
    }

    @Test func japaneseMatchesAsASubstring() {
        #expect(NewsSearchQuery("東京").matches("東京都で初雪", nil))
        #expect(NewsSearchQuery("ｶﾀｶﾅ").matches("カタカナの記事"))
        #expect(!NewsSearchQuery("大阪").matches("東京都で初雪"))
    }

    @Test func everyWordMustOccurInTheTitleOrTheSummary() {
        let query = NewsSearchQuery("café  Paris")
        #expect(query.words == ["cafe", "paris"])
        #expect(query.matches("Un CAFÉ", "à paris"))
        #expect(!query.matches("Un café", "à Lyon"))
        #expect(query.matches(FeedItem(title: "Paris", link: nil, summary: "cafe crème")))
    }

    @Test func decomposedTextMatchesComposedQuery() {
        #expect(NewsSearchQuery("nẵng").matches("Na\u{0306}\u{0303}ng"))
    }

    @Test func aQueryOfOnlySpacesMatchesEverything() {
        #expect(NewsSearchQuery("   ").matches("anything"))
    }
}
