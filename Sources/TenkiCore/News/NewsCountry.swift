/// A country for `/v2/top-headlines`: one of the 54 two-letter codes NewsAPI documents.
/// Any other code makes NewsAPI answer an empty list, not an error, so Tenki checks it first.
public struct NewsCountry: Sendable, Hashable, CustomStringConvertible {
    /// The lowercase ISO 3166 alpha-2 code, as sent in `country`.
    public let code: String

    /// Accepts a listed code in any case (`JP`, ` jp `); nil for anything else.
    public init?(code: String) {
        let normalized = code.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard Self.supportedCodes.contains(normalized) else { return nil }
        self.code = normalized
    }

    /// The default when nothing is configured: NewsAPI's own most complete edition.
    public static let `default` = NewsCountry(validated: "us")

    public var description: String { code }

    /// From https://newsapi.org/docs/endpoints/top-headlines (the `country` parameter).
    public static let supportedCodes: Set<String> = [
        "ae", "ar", "at", "au", "be", "bg", "br", "ca", "ch", "cn", "co", "cu", "cz", "de", "eg", "fr", "gb", "gr",
        "hk", "hu", "id", "ie", "il", "in", "it", "jp", "kr", "lt", "lv", "ma", "mx", "my", "ng", "nl", "no", "nz",
        "ph", "pl", "pt", "ro", "rs", "ru", "sa", "se", "sg", "si", "sk", "th", "tr", "tw", "ua", "us", "ve", "za",
    ]

    private init(validated code: String) {
        self.code = code
    }
}
