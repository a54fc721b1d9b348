import Foundation
import TenkiBase
@testable import TenkiCore
import TenkiHTTPClient
import TenkiTestSupport
import Testing

@testable import TenkiProviders

@Suite struct FeedServiceTests {
    let server = ScriptedFeedServer()
    let clock = ManualClock()
    let deadline = AsyncSignal()
    let sources = [
        FeedSource(name: "bbc", url: URL(string: "https://bbc.example/rss")!),
        FeedSource(name: "nhk", url: URL(string: "https://nhk.example/rss")!),
        FeedSource(name: "slow", url: URL(string: "https://slow.example/rss")!),
    ]

    func service(retryDelay: TimeInterval = 60) -> FeedService {
        let client = FeedClient(
            transport: server, userAgent: "tenki/test", rule: FeedAddressRule(allowsPrivateAddresses: false), logger: .discarding)
        let deadline = deadline
        return FeedService(
            sources: sources, client: client, clock: clock, retryDelay: retryDelay,
            waitForDeadline: { _ in await deadline.wait() })
    }

    func serveAll() {
        for source in sources {
            let name = source.name
            server.answer(source.url.absoluteString) { _ in
                OutboundResponse(
                    status: 200, headers: ["ETag": "\"\(name)-1\"", "Last-Modified": "Tue, 01 Dec 2026 08:00:00 GMT"],
                    body: sampleRSS(name.uppercased()))
            }
        }
    }

    @Test("an item dated more than a day ahead is kept undated: it cannot hold the top of newest-first until it comes true")
    func futureDatesDropped() {
        let now = Date(timeIntervalSince1970: 1_796_083_200)
        let dates: [Date?] = [now.addingTimeInterval(3_600), now.addingTimeInterval(86_400 * 365 * 4), nil, now]
        let feed = Feed(title: "x", items: dates.enumerated().map { FeedItem(title: "t\($0.offset)", published: $0.element) })
        let kept = FeedService.withoutFutureDates(feed, now: now)
        #expect(kept.items.map(\.published) == [now.addingTimeInterval(3_600), nil, nil, now])
        #expect(FeedItemMerge.newestFirst(kept.items).map(\.title) == ["t0", "t3", "t1", "t2"])
    }

    @Test func aSlowFeedNeverHoldsTheAnswerPastTheDeadline() async throws {
        serveAll()
        let gate = server.hold("https://slow.example/rss")
        let feeds = service()
        async let answer = feeds.collect(sources, within: .seconds(2))
        // The two quick feeds arrive; the slow one is still held when the deadline passes.
        while true {
            let bbc = await feeds.hasFinishedFetch("bbc"), nhk = await feeds.hasFinishedFetch("nhk")
            if bbc && nhk { break }
            await Task.yield()
        }
        deadline.signal()
        let outcomes = await answer
        #expect(outcomes.map(\.source.name) == ["bbc", "nhk", "slow"])
        #expect(outcomes[0].feed?.items.count == 2 && outcomes[1].feed?.items.count == 2)
        #expect(outcomes[2].feed == nil && outcomes[2].isPending)

        // The slow fetch goes on; a lookup meanwhile joins it instead of sending a second request.
        let again = await feeds.collect([sources[2]], within: .seconds(2))
        #expect(again[0].isPending)
        #expect(server.requests(to: "https://slow.example/rss").count == 1)
        gate.signal()
        var arrived = await feeds.collect([sources[2]], within: .seconds(2))
        while arrived[0].isPending { arrived = await feeds.collect([sources[2]], within: .seconds(2)) }
        #expect(arrived[0].feed?.items.first?.title == "SLOW 1")
        #expect(server.requests(to: "https://slow.example/rss").count == 1)
    }

    @Test func feedsLiveAtLeastTenMinutesThenAskConditionallyAndA304KeepsTheItems() async throws {
        serveAll()
        let feeds = service()
        _ = await feeds.collect(sources, within: .seconds(2))
        #expect(server.requests.count == 3)

        clock.advance(by: 9 * 60)
        _ = await feeds.collect(sources, within: .seconds(2))
        #expect(server.requests.count == 3, "no fetch within 10 minutes")

        // After 10 minutes: a conditional GET, answered 304 with a body that is not a feed.
        server.answer("https://bbc.example/rss") { _ in OutboundResponse(status: 304, body: Array("<html>".utf8)) }
        clock.advance(by: 61)
        let outcomes = await feeds.collect([sources[0]], within: .seconds(2))
        let revalidation = try #require(server.requests(to: "https://bbc.example/rss").last)
        #expect(revalidation.headers["If-None-Match"] == "\"bbc-1\"")
        #expect(revalidation.headers["If-Modified-Since"] == "Tue, 01 Dec 2026 08:00:00 GMT")
        #expect(outcomes[0].feed?.items.map(\.title) == ["BBC 1", "BBC 2"])
        #expect(outcomes[0].error == nil)
        #expect(outcomes[0].fetchedAt == clock.now())
    }

    @Test func cacheControlAndTTLLengthenTheLifetime() async throws {
        server.answer("https://bbc.example/rss") { _ in
            OutboundResponse(status: 200, headers: ["Cache-Control": "public, max-age=3600"], body: sampleRSS("BBC"))
        }
        server.answer("https://nhk.example/rss") { _ in OutboundResponse(status: 200, body: sampleRSS("NHK", ttl: 90)) }
        let feeds = service()
        _ = await feeds.collect(Array(sources.prefix(2)), within: .seconds(2))
        clock.advance(by: 59 * 60)
        _ = await feeds.collect(Array(sources.prefix(2)), within: .seconds(2))
        #expect(server.requests.count == 2)
        clock.advance(by: 2 * 60)
        _ = await feeds.collect(Array(sources.prefix(2)), within: .seconds(2))
        #expect(server.requests(to: "https://bbc.example/rss").count == 2, "max-age=3600 over")
        #expect(server.requests(to: "https://nhk.example/rss").count == 1, "<ttl>90</ttl> not over")
    }

    @Test func aFailingFeedKeepsItsLastItemsAndWaitsForRetryAfter() async throws {
        serveAll()
        let feeds = service()
        _ = await feeds.collect(sources, within: .seconds(2))
        server.answer("https://nhk.example/rss") { _ in OutboundResponse(status: 503, headers: ["Retry-After": "1800"]) }
        clock.advance(by: 11 * 60)
        let outcomes = await feeds.collect(sources, within: .seconds(2))
        #expect(outcomes[1].error?.kind == .upstream(status: 503, retryAfter: "1800"))
        #expect(outcomes[1].feed?.items.count == 2, "the last items are still served")
        #expect(outcomes[0].error == nil && outcomes[2].error == nil)

        clock.advance(by: 20 * 60)
        _ = await feeds.collect([sources[1]], within: .seconds(2))
        #expect(server.requests(to: "https://nhk.example/rss").count == 2, "Retry-After: 1800 honoured")
        clock.advance(by: 11 * 60)
        _ = await feeds.collect([sources[1]], within: .seconds(2))
        #expect(server.requests(to: "https://nhk.example/rss").count == 3)
    }

    @Test func lifetimeIsAtLeastTenMinutesAndReadsItsHeaders() {
        let lifetime = FeedLifetime(minimum: 60)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(lifetime.minimum == 600)
        #expect(lifetime.seconds(headers: ["Cache-Control": "max-age=30"], feedTimeToLive: nil, now: now) == 600)
        #expect(
            lifetime.seconds(headers: ["Cache-Control": "max-age=1200, s-maxage=2400"], feedTimeToLive: nil, now: now) == 2400)
        #expect(lifetime.seconds(headers: ["Retry-After": "7200"], feedTimeToLive: 900, now: now) == 7200)
        #expect(lifetime.seconds(headers: [:], feedTimeToLive: 5 * 86400, now: now) == 86400)
        let httpDate = "Fri, 15 Jan 2027 08:50:00 GMT"  // 1_800_000_000 is 2027-01-15T08:00:00Z
        #expect(lifetime.seconds(headers: ["Retry-After": httpDate], feedTimeToLive: nil, now: now) == 3000)
    }
}
