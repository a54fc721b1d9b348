/// What `tenki.news.more` carries: the `/news` text as typed, the page to show next (five articles
/// a page, from the answer already fetched) and the language. Encoded `n1;PAGE;LANG;TEXT`, and as
/// strict as `WeatherButtonValue` when it comes back.
public struct NewsButtonValue: Sendable, Equatable {
    public var page: Int
    public var language: WeatherLanguage
    public var text: String

    public static let actionID = "tenki.news.more"
    public static let maximumTextLength = 200
    /// NewsAPI is asked for 12 articles: three pages at most; a few more leave room.
    public static let maximumPage = 9
    static let version = "n1"

    public init(page: Int, language: WeatherLanguage, text: String) {
        self.page = page
        self.language = language
        self.text = text
    }

    public var encoded: String {
        [Self.version, String(page), language.rawValue, text].joined(separator: ";")
    }

    public enum DecodingError: Error, Sendable, Equatable {
        case malformed
        case pageOutOfRange
        case unknownLanguage
        case badText
    }

    public init(encoded: String) throws(DecodingError) {
        guard encoded.utf8.count <= WeatherButtonValue.maximumEncodedLength else { throw .malformed }
        let fields = encoded.split(separator: ";", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, fields[0] == Self.version else { throw .malformed }
        guard fields[1].count <= 2, fields[1].allSatisfy({ $0.isASCII && $0.isNumber }), let page = Int(fields[1]),
              (1...Self.maximumPage).contains(page) else { throw .pageOutOfRange }
        guard let language = WeatherLanguage(rawValue: fields[2]) else { throw .unknownLanguage }
        let text = fields[3]
        guard text.count <= Self.maximumTextLength,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .badText }
        self.init(page: page, language: language, text: text)
    }

    /// The More button under page `page - 1` of `total` items, showing page `page`; nil on the
    /// last page, and for a text the value could not carry back (very long, or with control
    /// characters).
    public static func moreButton(total: Int, page: Int, language: WeatherLanguage, text: String) -> ChatMessage.Part? {
        guard total > page * NewsMessageFormatter.maximumArticles, page <= maximumPage else { return nil }
        let value = NewsButtonValue(page: page, language: language, text: text)
        guard (try? NewsButtonValue(encoded: value.encoded)) == value else { return nil }
        return .buttons([ChatButton(actionID: actionID, label: ButtonStrings.table(for: language).moreNews, value: value.encoded)])
    }
}
