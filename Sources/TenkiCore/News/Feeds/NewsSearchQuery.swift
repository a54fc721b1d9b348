import Foundation

/// The words of `/news WORDS`, matched against item titles and summaries: an item matches when its
/// text holds every word as a substring, ignoring case, accents and width, in any script.
///
/// `đà nẵng`, `Da Nang` and `ĐÀ NẴNG` all match "Đà Nẵng"; `東京` matches "東京都で初雪"; `ｶﾀｶﾅ`
/// matches "カタカナ". Substrings rather than whole words, because Japanese, Chinese and Thai do not
/// put spaces between words.
public struct NewsSearchQuery: Equatable, Sendable {
    /// The folded words; empty for a query of only spaces.
    public let words: [String]

    public init(_ text: String) {
        words = text.split(whereSeparator: { $0.isWhitespace }).map { Self.fold(String($0)) }.filter { !$0.isEmpty }
    }

    /// Whether every word occurs in at least one of `texts` (nil texts are skipped). A query without
    /// words matches everything.
    public func matches(_ texts: String?...) -> Bool {
        matches(texts)
    }

    public func matches(_ texts: [String?]) -> Bool {
        let folded = texts.compactMap { $0.map(Self.fold) }
        return words.allSatisfy { word in folded.contains(where: { $0.contains(word) }) }
    }

    public func matches(_ item: FeedItem) -> Bool {
        matches(item.title, item.summary)
    }

    /// Lower case, no diacritics, no full-width forms, composed; `đ` (a letter of its own in Unicode,
    /// not `d` plus a mark) is `d`, as Vietnamese readers type it without accents, and likewise `ł`, `ø`.
    public static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        guard folded.unicodeScalars.contains(where: { strokeLetters[$0] != nil }) else {
            return folded.precomposedStringWithCanonicalMapping
        }
        var scalars = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars { scalars.append(strokeLetters[scalar] ?? scalar) }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Letters that carry their mark inside the letter, so that folding diacritics leaves them.
    static let strokeLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "ħ": "h", "ı": "i",
    ]
}
