import Foundation
import Synchronization
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import Testing

@testable import TenkiDelivery
@testable import TenkiSecurity
@testable import TenkiStorage

/// With many workspaces, a queued Web API post carries its installation key and is sent with that
/// installation's bot token as it is when sent: a token rotated while the post waited is not the
/// one sent, a post for a workspace that uninstalled is dead, never sent, and one whose installation
/// cannot be read now waits.
@Suite("Web API posts with each installation's token")
struct InstallationTokenDeliveryTests {
    @Test("the token is looked up at send time by installation key; an uninstalled workspace's post is dead, unsent")
    func tokenAtSendTime() async throws {
        let file = try TemporaryStateFile()
        let store = try SQLiteDeliveryStore(path: file.path)
        let clock = TestClock(DeliveryFixtures.start)
        let slack = FakeSlackWebAPI(now: { clock.now() })
        let tokens = Mutex<[String: String]>(["T1": "xoxb-one-old", "T2": "xoxb-two"])
        for (team, token) in tokens.withLock({ $0 }) { slack.accept(token: token, team: team) }
        var configuration = DeliveryQueue.Configuration(owner: "test", slackAPIBaseURL: SlackWebAPIDeliveryTests.apiBase)
        let unreadable = Mutex<Set<String>>(["T4"])
        slack.accept(token: "xoxb-four", team: "T4")
        configuration.installationToken = { key in
            if unreadable.withLock({ $0.contains(key) }) { return .unavailable }
            return tokens.withLock { key == "T4" ? "xoxb-four" : $0[key] }.flatMap(SlackBotToken.init).map { .token($0) }
                ?? .notInstalled
        }
        let queue = DeliveryQueue(
            store: store, transport: HandlerTransport(FakeUpstreams(slackAPI: slack)), clock: clock, configuration: configuration,
            random: SplitMix64(seed: 7))
        var ids: [String: DeliveryID] = [:]
        for (team, channel) in [("T1", "C1"), ("T2", "C2"), ("T3", "C3"), ("T4", "C4")] {
            var post = NewDelivery.chatPostMessage(
                channel: channel, message: SlackMessage(text: "report for \(team)"), kind: "subscription:1",
                apiBase: SlackWebAPIDeliveryTests.apiBase, createdAt: clock.now())
            post.installationKey = team
            ids[team] = try await queue.enqueue(post)
        }
        // While the posts wait: T1's token is rotated, T3 was never installed (or uninstalled).
        tokens.withLock { $0["T1"] = "xoxb-one-new" }
        slack.accept(token: "xoxb-one-new", team: "T1")
        var now = clock.now()
        _ = await queue.runOnce(now: now)
        // T4's installation could not be read (the database): its post waits, neither sent nor dead.
        #expect(try await store.summary(of: try #require(ids["T4"]))?.state == .pending)
        #expect(slack.posted(to: "C4").isEmpty)
        unreadable.withLock { $0.removeAll() }
        while let next = await queue.runOnce(now: now) {
            now = max(now, next)
            clock.set(now)
        }
        #expect(slack.posted(to: "C4").count == 1)
        #expect(
            slack.posts.compactMap(\.authorization).sorted() == ["Bearer xoxb-four", "Bearer xoxb-one-new", "Bearer xoxb-two"])
        #expect(slack.posted(to: "C3").isEmpty && !slack.posts.contains { $0.channel == "C3" })
        let dead = try await store.summary(of: try #require(ids["T3"]))
        #expect(dead?.state == .dead)
        #expect(dead?.lastError?.contains("not installed in workspace T3") == true)
        #expect(try await store.summary(of: try #require(ids["T1"]))?.state == .delivered)
    }
}
