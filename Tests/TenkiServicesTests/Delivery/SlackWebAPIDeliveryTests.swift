import Foundation
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import Testing

@testable import TenkiDelivery
@testable import TenkiSecurity
@testable import TenkiStorage

/// `chat.postMessage` through a real queue on a temporary SQLite store, answered by the fake Web
/// API behind `FakeUpstreams` (at `/slack-api`, as `tenki fakes` serves it) through a
/// `HandlerTransport`, on a manual clock.
@Suite("Slack Web API deliveries")
struct SlackWebAPIDeliveryTests {
    let start = DeliveryFixtures.start
    static let apiBase = URL(string: "http://fakes.test/slack-api")!

    struct Harness: ~Copyable {
        let file: TemporaryStateFile
        let clock: TestClock
        let slack: FakeSlackWebAPI
        let store: SQLiteDeliveryStore
        let queue: DeliveryQueue

        init(start: Date, token: String? = FakeSlackWebAPI.defaultToken) throws {
            let file = try TemporaryStateFile()
            let store = try SQLiteDeliveryStore(path: file.path)
            let clock = TestClock(start)
            let slack = FakeSlackWebAPI(now: { clock.now() })
            var configuration = DeliveryQueue.Configuration(
                owner: "test", slackAPIBaseURL: SlackWebAPIDeliveryTests.apiBase, slackBotToken: token.flatMap(SlackBotToken.init))
            configuration.slackBotTokenName = "SLACK_BOT_TOKEN"
            queue = DeliveryQueue(
                store: store, transport: HandlerTransport(FakeUpstreams(slackAPI: slack)), clock: clock,
                configuration: configuration, random: SplitMix64(seed: 7))
            self.clock = clock
            self.slack = slack
            self.store = store
            self.file = file
        }

        func post(_ text: String, to channel: String) async throws -> DeliveryID {
            try await queue.enqueueChatPostMessage(
                channel: channel, message: SlackMessage(text: text), kind: "subscription:1", createdAt: clock.now())
        }

        /// Rounds on the manual clock until nothing is pending, jumping to each wake time.
        func drain() async {
            var now = clock.now()
            var rounds = 0
            while rounds < 1000, let next = await queue.runOnce(now: now) {
                now = max(now, next)
                clock.set(now)
                rounds += 1
            }
        }
    }

    @Test("a post carries the channel and the message, and the bot token only in its Authorization header")
    func posted() async throws {
        let harness = try Harness(start: start)
        let id = try await harness.post("Good morning", to: "C1")
        await harness.drain()
        #expect(try await harness.store.summary(of: id)?.state == .delivered)
        let post = try #require(harness.slack.posts.first)
        #expect(post.channel == "C1")
        #expect(post.authorization == "Bearer \(FakeSlackWebAPI.defaultToken)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(post.body)) as? [String: Any])
        #expect(body["text"] as? String == "Good morning")
        #expect(body["channel"] as? String == "C1")
        #expect(try await harness.store.summary(of: id)?.destinationKind == .slackWebAPI)
    }

    @Test(
        "Slack's transient errors are retried like a 5xx, then delivered",
        arguments: ["ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"])
    func retried(error: String) async throws {
        let harness = try Harness(start: start)
        harness.slack.script([.error(error), .error(error), .ok], forChannel: "C1")
        let id = try await harness.post("retry me", to: "C1")
        await harness.queue.runOnce(now: start)
        let waiting = try #require(try await harness.store.summary(of: id))
        #expect(waiting.state == .pending)
        #expect(waiting.lastError == error)
        await harness.drain()
        let summary = try #require(try await harness.store.summary(of: id))
        #expect(summary.state == .delivered)
        #expect(summary.attempts == 3)
        #expect(harness.slack.posts.map(\.reply) == [.error(error), .error(error), .ok])
    }

    @Test(
        "Slack's permanent errors are dead at once, with the error as the reason",
        arguments: [
            "channel_not_found", "not_in_channel", "is_archived", "invalid_auth", "account_inactive", "token_revoked",
            "missing_scope",
        ])
    func dead(error: String) async throws {
        let harness = try Harness(start: start)
        harness.slack.setError(error, forChannel: "C2")
        let id = try await harness.post("never", to: "C2")
        await harness.drain()
        let summary = try #require(try await harness.store.summary(of: id))
        #expect(summary.state == .dead)
        #expect(summary.lastError == error)
        #expect(summary.attempts == 1)
        #expect(harness.slack.posts.count == 1)
    }

    @Test("a token Slack does not know is dead with invalid_auth; no token at all names the setting the app passes")
    func tokens() async throws {
        let wrong = try Harness(start: start, token: "xoxb-not-the-right-one")
        let refused = try await wrong.post("hello", to: "C1")
        await wrong.drain()
        #expect(try await wrong.store.summary(of: refused)?.lastError == "invalid_auth")

        let none = try Harness(start: start, token: nil)
        let unsent = try await none.post("hello", to: "C1")
        await none.drain()
        let summary = try #require(try await none.store.summary(of: unsent))
        #expect(summary.state == .dead)
        #expect(summary.lastError?.contains("SLACK_BOT_TOKEN") == true)
        #expect(none.slack.posts.isEmpty)
    }

    @Test("HTTP 429 with Retry-After: 2 reschedules exactly 2 s later")
    func retryAfter() async throws {
        let harness = try Harness(start: start)
        harness.slack.script([.rateLimited(retryAfter: "2"), .ok], forChannel: "C1")
        let id = try await harness.post("later", to: "C1")
        let next = await harness.queue.runOnce(now: start)
        #expect(next == start.addingTimeInterval(2))
        #expect(try await harness.store.summary(of: id)?.nextAttemptAt == start.addingTimeInterval(2))
        await harness.drain()
        #expect(try await harness.store.summary(of: id)?.state == .delivered)
        #expect(harness.slack.posts.map { $0.receivedAt.timeIntervalSince(start) } == [0, 2])
    }

    @Test("a 429 holds back only its channel: the other channel's post goes out at once")
    func rateLimitPerChannel() async throws {
        let harness = try Harness(start: start)
        harness.slack.script([.rateLimited(retryAfter: "30"), .ok], forChannel: "C1")
        _ = try await harness.post("C1 first", to: "C1")
        await harness.queue.runOnce(now: start)
        harness.clock.set(start.addingTimeInterval(1))
        _ = try await harness.post("C1 second", to: "C1")
        _ = try await harness.post("C2 first", to: "C2")
        await harness.queue.runOnce(now: start.addingTimeInterval(1))
        #expect(harness.slack.posted(to: "C2").map { $0.receivedAt.timeIntervalSince(start) } == [1])
        #expect(harness.slack.posted(to: "C1").isEmpty)
        await harness.drain()
        #expect(harness.slack.posted(to: "C1").map { $0.receivedAt.timeIntervalSince(start) } == [30, 31])
    }

    @Test("the stored rows never hold the bot token, before and after the post")
    func tokenNotStored() async throws {
        let harness = try Harness(start: start)
        harness.slack.script([.error("internal_error")], forChannel: "C1")
        _ = try await harness.post("secret-free", to: "C1")
        let token = Array(FakeSlackWebAPI.defaultToken.utf8)
        #expect(try !stateFilesContain(token, in: harness.file.directory))
        await harness.queue.runOnce(now: start)
        let claimed = try await harness.store.claim(
            owner: "reader", now: start.addingTimeInterval(3600), leaseDuration: 60, perDestination: 10, limit: 10)
        let row = try #require(claimed.first)
        #expect(!row.body.contains(subsequence: token))
        #expect(!row.destination.absoluteString.contains(FakeSlackWebAPI.defaultToken))
        #expect(try !stateFilesContain(token, in: harness.file.directory))
        #expect(harness.slack.posts.first?.authorization?.hasSuffix(FakeSlackWebAPI.defaultToken) == true)
    }

    @Test("three posts to one channel go out at least 1 s apart while another channel is not held back")
    func pacedPerChannel() async throws {
        let harness = try Harness(start: start)
        for index in 1...3 { _ = try await harness.post("C1 #\(index)", to: "C1") }
        _ = try await harness.post("C2 #1", to: "C2")
        await harness.drain()
        let c1 = harness.slack.posted(to: "C1").map { $0.receivedAt.timeIntervalSince(start) }
        let c2 = harness.slack.posted(to: "C2").map { $0.receivedAt.timeIntervalSince(start) }
        #expect(c1.count == 3)
        for (earlier, later) in zip(c1, c1.dropFirst()) { #expect(later - earlier >= 1) }
        #expect(c2 == [0])
        #expect(
            harness.slack.posted(to: "C1").map { String(decoding: $0.body, as: UTF8.self).contains("C1 #") }
                == [true, true, true])
    }

    @Test("one URL, two channels: two destination hashes; one channel keeps one hash")
    func hashes() {
        let url = Self.apiBase.appendingPathComponent("chat.postMessage")
        let one = NewDelivery.chatPostMessage(
            channel: "C1", message: SlackMessage(text: "a"), kind: "k", apiBase: Self.apiBase, createdAt: start)
        let two = NewDelivery.chatPostMessage(
            channel: "C2", message: SlackMessage(text: "b"), kind: "k", apiBase: Self.apiBase, createdAt: start)
        #expect(one.destination == url)
        #expect(one.destinationHash != two.destinationHash)
        #expect(one.destinationHash == DestinationFingerprint.hash(of: url, channel: "C1"))
        #expect(one.destinationHash != DestinationFingerprint.hash(of: url))
    }

    /// Whether the SQLite file or its journal holds `bytes` anywhere (every row, every column).
    func stateFilesContain(_ bytes: [UInt8], in directory: URL) throws -> Bool {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.isEmpty)
        return try names.contains { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            return Array(data).contains(subsequence: bytes)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { start in self[start..<(start + needle.count)].elementsEqual(needle) }
    }
}

@Suite("Slack Web API posts without the queue")
struct SlackWebAPIUnqueuedTests {
    @Test("an unqueued chat.postMessage carries the token, and ok:false is not counted as posted")
    func unqueued() async throws {
        let clock = TestClock(DeliveryFixtures.start)
        let slack = FakeSlackWebAPI()
        slack.setError("not_in_channel", forChannel: "C9")
        let file = try TemporaryStateFile()
        let queue = DeliveryQueue(
            store: try SQLiteDeliveryStore(path: file.path), transport: HandlerTransport(FakeUpstreams(slackAPI: slack)),
            clock: clock,
            configuration: .init(
                owner: "test", slackAPIBaseURL: SlackWebAPIDeliveryTests.apiBase,
                slackBotToken: SlackBotToken(FakeSlackWebAPI.defaultToken)))
        for channel in ["C1", "C9"] {
            let outcome = await queue.postUnqueued(
                .chatPostMessage(
                    channel: channel, message: SlackMessage(text: "hi"), kind: "k", apiBase: SlackWebAPIDeliveryTests.apiBase,
                    createdAt: clock.now()))
            #expect(DeliveryQueue.wasPosted(outcome, kind: .slackWebAPI) == (channel == "C1"))
        }
        #expect(slack.posted(to: "C1").count == 1)
        #expect(slack.posts.allSatisfy { $0.authorization == "Bearer \(FakeSlackWebAPI.defaultToken)" })
    }
}
