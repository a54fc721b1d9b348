import Foundation
import TenkiCore

extension FakeNewsAPI {
    /// One article the fake knows, as JSON text in NewsAPI's exact shape (returned byte for byte),
    /// with the editions in whose top headlines it appears.
    public struct Sample: Sendable {
        /// One element of `articles`.
        public let json: String
        /// `json`, decoded: what `q` is matched against.
        public let article: NewsAPIWire.Article
        /// The `country` whose top headlines include it; nil for an article only `/v2/everything` finds.
        public let country: String?
        public let category: NewsCategory?

        /// Nil when `json` is not an article object (a broken sample should fail a test, not crash a demo).
        public init?(json: String, country: String? = nil, category: NewsCategory? = nil) {
            guard let article = try? JSONDecoder().decode(NewsAPIWire.Article.self, from: Data(json.utf8)) else { return nil }
            self.json = json
            self.article = article
            self.country = country
            self.category = category
        }

        var publishedAt: Date? { article.publishedAt.flatMap(ISO8601Timestamp.parse) }

        /// A small part of NewsAPI's query syntax: `a b` and `a AND b` need both words, `a OR b`
        /// either, `-a` excludes, quotes are ignored. Words are matched in the title, description,
        /// content and source name, ignoring case and accents.
        public func matches(_ query: String) -> Bool {
            let text = Self.fold(
                [article.title, article.description, article.content, article.source?.name].compactMap { $0 }.joined(
                    separator: " "))
            let groups = query.replacingOccurrences(of: "\"", with: " ").components(separatedBy: " OR ")
            return groups.contains { group in
                let words = group.split(whereSeparator: \.isWhitespace).filter { $0 != "AND" }
                guard !words.isEmpty else { return false }
                return words.allSatisfy { word in
                    if word.hasPrefix("-") { return !text.contains(Self.fold(String(word.dropFirst()))) }
                    let term = Self.fold(String(word.hasPrefix("+") ? word.dropFirst() : word))
                    return term.isEmpty || text.contains(term)
                }
            }
        }

        static func fold(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
    }
}
