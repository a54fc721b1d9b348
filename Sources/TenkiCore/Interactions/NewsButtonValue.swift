/// What `tenki.news.more` and a news result's `tenki.share` carry: the `/news` text as typed, the
/// page to show (five articles a page, from the answer already fetched; 0 is the first) and the
/// language. Encoded `n1;PAGE;LANG;TEXT`, and as strict as `WeatherButtonValue` when it comes back.
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
              (0...Self.maximumPage).contains(page) else { throw .pageOutOfRange }
        guard let language = WeatherLanguage(rawValue: fields[2]) else { throw .unknownLanguage }
        let text = fields[3]
        guard text.count <= Self.maximumTextLength,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .badText }
        self.init(page: page, language: language, text: text)
    }

    /// Whether an encoded button value is a news result's (a `tenki.share` press carries either kind).
    public static func isNews(_ encoded: String?) -> Bool {
        encoded?.hasPrefix(version + ";") == true
    }

    /// The buttons under page `page` of `total` items: More (showing page `page + 1`) while more
    /// exist, and Share when the result is private to its caller (`offersShare`). Nil when there are
    /// neither, and for a text the value could not carry back (very long, or with control characters).
    public static func row(
        total: Int, page: Int, language: WeatherLanguage, text: String, offersShare: Bool
    ) -> ChatMessage.Part? {
        let strings = ButtonStrings.table(for: language)
        var buttons: [ChatButton] = []
        let next = page + 1
        if total > next * NewsMessageFormatter.maximumArticles, next <= maximumPage,
            let value = carried(page: next, language: language, text: text)
        {
            buttons.append(ChatButton(actionID: actionID, label: strings.moreNews, value: value))
        }
        if offersShare, total > 0, let value = carried(page: page, language: language, text: text) {
            buttons.append(ChatButton(actionID: WeatherAction.shareActionID, label: strings.share, value: value))
        }
        return buttons.isEmpty ? nil : .buttons(buttons)
    }

    /// The encoded value for `page`, if it reads back as the same value.
    private static func carried(page: Int, language: WeatherLanguage, text: String) -> String? {
        let value = NewsButtonValue(page: page, language: language, text: text)
        return (try? NewsButtonValue(encoded: value.encoded)) == value ? value.encoded : nil
    }
}
