import Foundation
@testable import TenkiCore
import TenkiFakes
@testable import TenkiProviders
import Testing

/// The feeds `tenki fakes`, the demo and replay serve: parseable by the real client, with the
/// validators and 304s a polite publisher sends.
@Suite struct FakeFeedsTests {
    let fakes = FakeFeeds()

    func client() -> FeedClient {
        FeedClient(
            transport: HandlerTransport(fakes), userAgent: "tenki/test", rule: FeedAddressRule(allowsPrivateAddresses: true),
            logger: .discarding)
    }

    @Test func everySampleParsesAndARepeatIsA304() async throws {
        for path in fakes.paths {
            let source = FeedSource(name: "fake", url: URL(string: "http://127.0.0.1:9" + path)!)
            let first = try await client().fetch(source)
            #expect((first.feed?.items.count ?? 0) >= 2, "\(path)")
            let validators = try #require(first.validators)
            #expect(validators.etag?.hasPrefix("\"") == true && validators.lastModified == FakeFeeds.lastModified)
            let second = try await client().fetch(source, validators: validators)
            #expect(second.feed == nil, "\(path): a 304 has no feed to parse")
            #expect(fakes.calls.last?.headers["If-None-Match"] == validators.etag)
        }
    }

    @Test func aMovedFeedIsNotAFeed() async throws {
        let source = FeedSource(name: "moved", url: URL(string: "http://127.0.0.1:9/feeds/not-a-feed.xml")!)
        do {
            _ = try await client().fetch(source)
            Issue.record("an HTML page was read as a feed")
        } catch {
            #expect(error.metricLabel == "not_a_feed")
        }
    }
}
