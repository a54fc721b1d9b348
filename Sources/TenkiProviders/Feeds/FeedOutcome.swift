import Foundation
import TenkiCore

/// What the store holds for one feed.
struct FeedEntry: Sendable {
    var feed: Feed?
    var validators: FeedValidators?
    var fetchedAt: Date?
    var nextFetch: Date = .distantPast
    /// The last fetch's error, until a fetch succeeds.
    var error: FeedError?
}

/// One feed's part of an answer: its items (perhaps from an earlier fetch), and why they are not
/// fresh when they are not.
public struct FeedOutcome: Sendable {
    public var source: FeedSource
    /// The last feed fetched, if any fetch ever succeeded.
    public var feed: Feed?
    public var fetchedAt: Date?
    /// Why the last fetch failed (the items, if any, are then older ones).
    public var error: FeedError?
    /// The fetch was still running at the deadline (the items, if any, are older ones).
    public var isPending: Bool

    public init(source: FeedSource, feed: Feed?, fetchedAt: Date?, error: FeedError?, isPending: Bool) {
        self.source = source
        self.feed = feed
        self.fetchedAt = fetchedAt
        self.error = error
        self.isPending = isPending
    }
}
