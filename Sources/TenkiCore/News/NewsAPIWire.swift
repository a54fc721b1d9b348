/// The JSON that NewsAPI.org sends, decoded as-is. A namespace, so wire names like `Source` or
/// `Article` never collide with Tenki's own domain types.
///
/// Tolerance rule: NewsAPI aggregates thousands of feeds and its article fields are whatever
/// the feed had. Real responses (see `Tests/Fixtures/newsapi_*`) send `null` in one article and
/// `""` in the next for the same field, so every article field is optional and both read as nil.
/// Deciding which articles are usable is `NewsArticleCleaner`'s job, not the decoder's: one bad
/// article must not make a whole page of headlines undecodable.
public enum NewsAPIWire {}

extension NewsAPIWire {
    /// The first thing to read from any body, success or failure: NewsAPI documents that
    /// `status` is `"ok"` or `"error"`, and it sends `"error"` bodies with HTTP 200 too, so the
    /// HTTP status alone cannot be trusted.
    ///
    /// `{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid…"}`
    public struct ErrorBody: Decodable, Sendable, Equatable {
        public var status: String
        /// The short, stable code (`apiKeyInvalid`, `rateLimited`, `parameterInvalid`, …).
        public var code: String?
        /// A human sentence whose wording changes over the years: never match on it.
        public var message: String?

        public init(status: String, code: String? = nil, message: String? = nil) {
            self.status = status
            self.code = code
            self.message = message
        }

        /// Whether this body reports a failure.
        public var isError: Bool { status.lowercased() == "error" }
    }

    /// The body of `/v2/top-headlines` and `/v2/everything`.
    public struct ArticlesResponse: Decodable, Sendable, Equatable {
        public var status: String
        /// All matches on the server, not the count on this page. Absent in some proxies' answers.
        public var totalResults: Int?
        public var articles: [Article]

        public init(status: String = "ok", totalResults: Int? = nil, articles: [Article]) {
            self.status = status
            self.totalResults = totalResults
            self.articles = articles
        }
    }

    /// `source` of an article. `id` is null for most sources; `name` is what readers recognise.
    public struct Source: Decodable, Sendable, Equatable {
        public var id: String?
        public var name: String?

        public init(id: String? = nil, name: String? = nil) {
            self.id = id
            self.name = name
        }

        enum CodingKeys: String, CodingKey {
            case id, name
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = container.lenientText(.id)
            name = container.lenientText(.name)
        }
    }
}

extension KeyedDecodingContainer {
    /// The string at `key`, or nil when it is missing, `null`, not a string, or blank.
    /// NewsAPI sends `""` and `null` interchangeably; treating them alike keeps callers simple.
    func lenientText(_ key: Key) -> String? {
        guard let value = (try? decodeIfPresent(String.self, forKey: key)) ?? nil else { return nil }
        return value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : value
    }
}
