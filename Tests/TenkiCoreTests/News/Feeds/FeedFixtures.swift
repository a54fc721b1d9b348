import Foundation
import Testing

@testable import TenkiCore

/// Parses `Tests/Fixtures/feeds/<name>`.
enum FeedFixtures {
    static func parse(_ name: String, url: String? = nil) throws -> Feed {
        try FeedParser.parse(Fixtures.bytes("feeds/" + name), url: url.flatMap(URL.init(string:)))
    }

    /// The instant an ISO 8601 timestamp names, through the NewsAPI parser (not the feed one).
    static func date(_ iso: String) -> Date? {
        ISO8601Timestamp.parse(iso)
    }
}
