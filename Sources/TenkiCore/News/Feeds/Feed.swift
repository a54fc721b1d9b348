import Foundation

/// What Tenki keeps of an RSS or Atom feed: its title and its items, in the feed's own order.
public struct Feed: Equatable, Sendable {
    /// The channel's or feed's title as one line of plain text; nil when missing or empty.
    public var title: String?
    public var items: [FeedItem]
    /// How long the publisher asks readers to keep the feed before fetching it again (RSS `<ttl>`,
    /// in minutes there), when it says; a client never fetches sooner than this.
    public var timeToLive: TimeInterval?

    public init(title: String?, items: [FeedItem], timeToLive: TimeInterval? = nil) {
        self.title = title
        self.items = items
        self.timeToLive = timeToLive
    }
}

/// One item (RSS) or entry (Atom). Text fields are single-line plain text (HTML stripped, entities
/// decoded, whitespace collapsed) and nil rather than empty. `link` and `imageURL` are absolute when the
/// feed gave enough to resolve them (`xml:base`, the feed's URL).
public struct FeedItem: Equatable, Sendable {
    public var title: String?
    public var link: String?
    public var summary: String?
    /// When the item was published (or, lacking that, last updated); nil when the feed gives no date
    /// or one this parser cannot read.
    public var published: Date?
    public var author: String?
    public var imageURL: String?
}
