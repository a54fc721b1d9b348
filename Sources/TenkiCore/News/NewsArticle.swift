import Foundation

/// A headline ready to show: plain text (no HTML, no entities, single spaces), a link that
/// opens, and an image only when Slack can load it securely.
public struct NewsArticle: Sendable, Hashable {
    public var title: String
    /// The publisher as readers know it (`Reuters`, `NHK`); the link's host when NewsAPI gave none.
    public var sourceName: String
    public var url: URL
    /// The description as plain text, or nil when the feed had none.
    public var summary: String?
    /// Always `https`: Slack refuses to unfurl images over plain HTTP.
    public var imageURL: URL?
    public var publishedAt: Date

    public init(title: String, sourceName: String, url: URL, summary: String? = nil, imageURL: URL? = nil, publishedAt: Date) {
        self.title = title
        self.sourceName = sourceName
        self.url = url
        self.summary = summary
        self.imageURL = imageURL
        self.publishedAt = publishedAt
    }
}
