import Foundation

extension NewsAPIWire {
    /// One element of `articles`, every field optional (see `NewsAPIWire` for why).
    /// Blank strings and wrong types decode as nil, like `null`.
    public struct Article: Decodable, Sendable, Equatable {
        public var source: Source?
        public var author: String?
        public var title: String?
        /// Often HTML (`<ul><li>…`) with entities (`&amp;`), truncated with `…`.
        public var description: String?
        public var url: String?
        public var urlToImage: String?
        /// ISO 8601, usually `2024-06-18T16:22:03Z`, sometimes with fractional seconds or an offset.
        public var publishedAt: String?
        /// The first ~200 characters of the body, ending in `… [+2826 chars]`.
        public var content: String?

        public init(
            source: Source? = nil, author: String? = nil, title: String? = nil, description: String? = nil, url: String? = nil,
            urlToImage: String? = nil, publishedAt: String? = nil, content: String? = nil
        ) {
            self.source = source
            self.author = author
            self.title = title
            self.description = description
            self.url = url
            self.urlToImage = urlToImage
            self.publishedAt = publishedAt
            self.content = content
        }

        enum CodingKeys: String, CodingKey {
            case source, author, title, description, url, urlToImage, publishedAt, content
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = (try? container.decodeIfPresent(Source.self, forKey: .source)) ?? nil
            author = container.lenientText(.author)
            title = container.lenientText(.title)
            description = container.lenientText(.description)
            url = container.lenientText(.url)
            urlToImage = container.lenientText(.urlToImage)
            publishedAt = container.lenientText(.publishedAt)
            content = container.lenientText(.content)
        }
    }
}
