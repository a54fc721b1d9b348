import Foundation
import TenkiBase
@testable import TenkiCore
import TenkiHTTPClient
import TenkiLogging
@testable import TenkiProviders
import TenkiTestSupport
import Testing

@Suite struct FeedClientTests {
    let server = ScriptedFeedServer()
    let feed = FeedSource(name: "news", url: URL(string: "https://news.example/rss")!)

    func client(allowPrivate: Bool = false, limits: FeedLimits = .standard) -> FeedClient {
        FeedClient(
            transport: server, userAgent: "tenki/test (+feeds)", timeout: .seconds(5),
            rule: FeedAddressRule(allowsPrivateAddresses: allowPrivate), limits: limits, logger: .discarding)
    }

    @Test func sendsUserAgentAndAcceptAndParses() async throws {
        server.answer("https://news.example/rss") { _ in OutboundResponse(status: 200, body: sampleRSS("News")) }
        let answer = try await client().fetch(feed)
        #expect(answer.feed?.items.map(\.title) == ["News 1", "News 2"])
        let sent = try #require(server.requests.first)
        #expect(sent.headers["User-Agent"] == "tenki/test (+feeds)")
        #expect(sent.headers["Accept"]?.hasPrefix("application/rss+xml") == true)
        #expect(sent.headers["If-None-Match"] == nil)
    }

    @Test func conditionalGETSendsValidatorsAndA304IsNotParsed() async throws {
        server.answer("https://news.example/rss") { request in
            request.headers["If-None-Match"] == "\"v1\""
                ? OutboundResponse(status: 304, headers: ["ETag": "\"v1\""], body: Array("not a feed".utf8))
                : OutboundResponse(status: 200, headers: ["ETag": "\"v1\""], body: sampleRSS("News"))
        }
        let validators = FeedValidators(etag: "\"v1\"", lastModified: "Tue, 01 Dec 2026 08:00:00 GMT")
        let answer = try await client().fetch(feed, validators: validators)
        #expect(answer.feed == nil)
        let sent = try #require(server.requests.last)
        #expect(sent.headers["If-None-Match"] == "\"v1\"")
        #expect(sent.headers["If-Modified-Since"] == "Tue, 01 Dec 2026 08:00:00 GMT")
    }

    @Test func redirectsAreFollowedOnlyToPublicHTTPS() async throws {
        server.answer("https://news.example/rss") { _ in
            OutboundResponse(status: 301, headers: ["Location": "https://cdn.example/rss"])
        }
        server.answer("https://cdn.example/rss") { _ in OutboundResponse(status: 200, body: sampleRSS("Moved")) }
        #expect(try await client().fetch(feed).feed?.items.first?.title == "Moved 1")

        for target in [
            "http://cdn.example/rss", "https://127.0.0.1/rss", "https://[::1]/rss", "https://10.0.0.8/rss",
            "https://localhost/rss",
        ] {
            server.answer("https://news.example/rss") { _ in OutboundResponse(status: 302, headers: ["Location": target]) }
            await #expect(throws: FeedError.self) { try await client().fetch(feed) }
            #expect(server.requests.last?.url.absoluteString == "https://news.example/rss", "no request to \(target)")
        }
    }

    @Test func aRedirectLoopStopsAfterAFewHops() async throws {
        server.answer("https://news.example/rss") { _ in
            OutboundResponse(status: 302, headers: ["Location": "https://news.example/rss"])
        }
        do {
            _ = try await client().fetch(feed)
            Issue.record("a redirect loop was followed to the end")
        } catch {
            guard case .refused = error.kind else { Issue.record("expected refused, got \(error)"); return }
        }
        #expect(server.requests.count == RedirectPolicy.maximumRedirects + 1)
    }

    @Test func privateFeedURLsNeedTheSetting() async throws {
        let local = FeedSource(name: "local", url: URL(string: "http://127.0.0.1:9/rss")!)
        server.answer("http://127.0.0.1:9/rss") { _ in OutboundResponse(status: 200, body: sampleRSS("Local")) }
        await #expect(
            throws: FeedError(
                .refused(reason: FeedAddressRule(allowsPrivateAddresses: false).refusal(forFeed: local.url)!), operation: .fetch)
        ) {
            try await client().fetch(local)
        }
        #expect(server.requests.isEmpty)
        #expect(try await client(allowPrivate: true).fetch(local).feed?.items.count == 2)
    }

    @Test func eachFailureHasItsOwnKind() async throws {
        let cases: [(OutboundResponse, String)] = [
            (OutboundResponse(status: 200, body: Array("<html><body>moved</body></html>".utf8)), "not_a_feed"),
            (OutboundResponse(status: 200, body: Array("<rss><channel><item></channel></rss>".utf8)), "malformed"),
            (OutboundResponse(status: 200, body: [UInt8](repeating: 0x20, count: (4 << 20) + 1)), "too_large"),
            (OutboundResponse(status: 200, body: Array(billionLaughs.utf8)), "refused"),
            (OutboundResponse(status: 404), "upstream_status"),
        ]
        for (response, label) in cases {
            server.answer("https://news.example/rss") { _ in response }
            do {
                _ = try await client().fetch(feed)
                Issue.record("\(label): no error")
            } catch {
                #expect(error.metricLabel == label)
            }
        }
    }

    @Test func transportFailuresAreUnreachable() async throws {
        let failing = FeedClient(
            transport: FailingTransport(error: .timedOut), userAgent: "tenki",
            rule: FeedAddressRule(allowsPrivateAddresses: false),
            logger: .discarding)
        await #expect(throws: FeedError(.timedOut, operation: .fetch)) { try await failing.fetch(feed) }
        let large = FeedClient(
            transport: FailingTransport(error: .invalidResponse(reason: "response larger than 8388608 bytes")),
            userAgent: "tenki",
            rule: FeedAddressRule(allowsPrivateAddresses: false), logger: .discarding)
        do {
            _ = try await large.fetch(feed)
        } catch {
            #expect(error.metricLabel == "too_large")
        }
    }

    /// Issue 40, item 4: chat never learns how a connection failed (a refused port, a TLS error and
    /// a timeout would each tell a hostile feed's owner something); the log keeps the detail.
    @Test func chatReasonsCarryNoConnectionDetails() {
        let hidden: [Feeds.Kind] = [
            .connectionFailed(reason: "SSL connect error"), .connectionFailed(reason: "Couldn't connect to server"),
            .connectionFailed(reason: "refused before connecting: the host is a private or loopback address"), .timedOut,
            .cancelled,
        ]
        for kind in hidden {
            #expect(kind.chatReason == "could not be fetched", "\(kind)")
        }
        #expect(Feeds.Kind.connectionFailed(reason: "SSL connect error").summary.contains("SSL"), "the log still says what happened")
        #expect(Feeds.Kind.upstream(status: 503, retryAfter: nil).chatReason == "HTTP 503")
    }

    @Test func privateAddressClassification() {
        for host in [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "0.0.0.0",
            "100.64.0.1", "::1", "[::1]", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "localhost", "a.localhost",
            // Issue 40, item 4: the spellings the resolver and libcurl accept for the same addresses.
            "2130706433", "0x7f000001", "0X7F000001", "127.1", "127.0.1", "0177.0.0.1", "0177.1", "017700000001",
            "0x7f.1", "127.0.0.1.", "[::ffff:7f00:1]", "[::ffff:127.0.0.1]", "[::127.0.0.1]", "[64:ff9b::7f00:1]",
            "[2002:7f00:1::]", "[fe80::1%25eth0]", "3232235777", "0xa9fea9fe", "0", "0x0", "LOCALHOST", "localhost.",
            // Numbers that are no address: refused rather than left to a resolver's reading.
            "4294967296", "256.0.0.1", "1.2.3.4.5", "0x",
            // Documentation, multicast, broadcast and the rest that is never a feed.
            "2001:db8::1", "224.0.0.1", "255.255.255.255", "[ff02::1]",
        ] {
            #expect(FeedAddressRule.isPrivate(host), "\(host)")
        }
        for host in [
            "8.8.8.8", "172.32.0.1", "news.example", "2606:4700:4700::1111", "1.1.1.1", "vnexpress.net", "134744072",
            "0x08080808", "[::ffff:8.8.8.8]", "127.example", "0x7f000001.example",
        ] {
            #expect(!FeedAddressRule.isPrivate(host), "\(host)")
        }
    }
}

let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
    <rss version="2.0"><channel><title>&lol2;</title></channel></rss>
    """
