import TenkiBase
import TenkiCore

/// What a server said about its copy, to be sent back on the next fetch of the same feed.
public struct FeedValidators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
}

extension FeedValidators {
    init?(_ headers: HTTPHeaders) {
        etag = headers["ETag"]
        lastModified = headers["Last-Modified"]
        if etag == nil, lastModified == nil { return nil }
    }
}

/// One answer of a feed's server: the parsed feed (nil for a 304), the validators to send next
/// time, and the headers that decide how long to keep it.
public struct FeedAnswer: Sendable {
    public var feed: Feed?
    public var validators: FeedValidators?
    public var headers: HTTPHeaders
}
