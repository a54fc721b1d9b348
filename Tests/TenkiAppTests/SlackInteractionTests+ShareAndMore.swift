import Foundation
import Testing
@testable import TenkiApp
@testable import TenkiCore
import TenkiHTTPClient
@testable import TenkiHTTPServer
@testable import TenkiStorage
import TenkiFakes
import TenkiTestSupport

/// Share, "More" and the per-user limit on presses, through the real listener (the suite's stack and helpers).
extension SlackInteractionTests {
    @Test("share on a private result: the view posted in the channel, and only once it is delivered, the private copy deleted")
    func share() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        let bodies = try await Self.sharePressed(value: Self.danang.encoded, on: stack)
        await stack.stop()
        #expect(bodies.count == 2)
        let shared = try JSONDecoder().decode(SlackMessage.self, from: Data(try #require(bodies.first).utf8))
        #expect(shared.responseType == .inChannel && shared.replaceOriginal == false)
        #expect(MessageTextRenderer.render(shared).contains("Da Nang, VN"))
        #expect(!Self.buttons(of: shared).contains { $0.actionID == "tenki.share" }, "a message in the channel has nothing to share")
        #expect(bodies.last == #"{"delete_original":true}"#)
    }

    @Test("a private /news result offers share; pressed, the same headlines are posted in the channel, then the copy deleted")
    func shareNews() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        let first = try JSONDecoder().decode(
            SlackMessage.self, from: Data(try await stack.commandSender().send(command: "/news", text: "").body))
        #expect(first.responseType == .ephemeral)
        let share = try #require(Self.buttons(of: first).first { $0.actionID == "tenki.share" }, "a private result offers share")
        let bodies = try await Self.sharePressed(value: share.value, on: stack)
        await stack.stop()
        #expect(bodies.count == 2)
        let shared = try JSONDecoder().decode(SlackMessage.self, from: Data(try #require(bodies.first).utf8))
        #expect(shared.responseType == .inChannel && shared.replaceOriginal == false)
        #expect(Self.headlines(of: shared) == Self.headlines(of: first) && !Self.headlines(of: first).isEmpty, "the page shown")
        #expect(!Self.buttons(of: shared).contains { $0.actionID == "tenki.share" }, "a message in the channel has nothing to share")
        #expect(bodies.last == #"{"delete_original":true}"#)
        #expect(stack.upstreams.news.calls.count == 1, "shared from the answer already fetched")
    }

    @Test("share pressed on a message already in the channel: a private note, nothing posted in the channel or deleted")
    func shareFromChannelMessage() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        let response = try await stack.press(actionID: "tenki.share", value: Self.danang.encoded)
        #expect(response.status == 200)
        let delivered = try await stack.delivered()
        let bodies = stack.sink.requests(to: "/actions/T0/1/press").map { String(decoding: $0.body, as: UTF8.self) }
        await stack.stop()
        #expect(delivered.count == 1)
        let note = try #require(delivered.first)
        #expect(note.responseType == .ephemeral && note.replaceOriginal == false)
        #expect(MessageTextRenderer.render(note).contains("already in the channel"), "\(MessageTextRenderer.render(note))")
        #expect(!bodies.contains { $0.contains("delete_original") })
        #expect(stack.fake.calls.isEmpty, "nothing to look up for a share that is refused")
    }

    @Test(
        "every press counts against the presser's rate limit, not only Refresh: a forged press with new coordinates is refused",
        arguments: ["tenki.weather.forecast", "tenki.weather.units", "tenki.weather.now", "tenki.weather.air"])
    func pressesAreRateLimited(actionID: String) async throws {
        // A clock that stands still: the limit's allowance would refill while a loaded machine runs the presses.
        let stack = try Stack(environment: ["TENKI_USER_RATE_LIMIT": "2"], clock: ManualClock())
        for index in 0..<4 {
            var value = Self.danang
            value.coordinates = Coordinates(latitude: 10 + Double(index), longitude: 100 + Double(index))
            let response = try await stack.press(actionID: actionID, value: value.encoded, path: "/actions/T0/1/press\(index)")
            #expect(response.status == 200)
        }
        _ = try await stack.delivered(to: "/actions/T0/1/press0")
        var delivered: [SlackMessage] = []
        for index in 0..<4 {
            delivered += try stack.sink.requests(to: "/actions/T0/1/press\(index)").map {
                try JSONDecoder().decode(SlackMessage.self, from: Data($0.body))
            }
        }
        await stack.stop()
        let notes = delivered.filter { MessageTextRenderer.render($0).contains("sending commands quickly") }
        #expect(delivered.count == 4)
        #expect(notes.count == 2, "\(delivered.map(MessageTextRenderer.render))")
        let places = Set(stack.fake.calls.compactMap { $0.query("lat") })
        #expect(places.count == 2, "two presses' worth of places asked upstream, not four: \(places)")
    }

    @Test("a private result offers share; a channel result does not")
    func shareOffered() async throws {
        let stack = try Stack(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"])
        _ = try await stack.press(actionID: "tenki.weather.now", value: Self.danang.encoded)
        let message = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(Self.buttons(of: message).last?.actionID == "tenki.share")
        #expect(message.responseType == .ephemeral)
    }

    @Test("More headlines: the next five of the answer already fetched, in place, with no new NewsAPI call")
    func moreNews() async throws {
        let stack = try Stack()
        let commands = stack.commandSender()
        let first = try JSONDecoder().decode(SlackMessage.self, from: Data(try await commands.send(command: "/news", text: "").body))
        let more = try #require(Self.buttons(of: first).first { $0.actionID == "tenki.news.more" })
        #expect(try NewsButtonValue(encoded: more.value) == NewsButtonValue(page: 1, language: .en, text: ""))
        _ = try await stack.press(actionID: "tenki.news.more", value: more.value)
        let next = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(next.replaceOriginal == true)
        // The fake's US headlines fill a page and part of another.
        #expect(Self.headlines(of: first).count == 5 && (1...5).contains(Self.headlines(of: next).count))
        #expect(Set(Self.headlines(of: first)).isDisjoint(with: Self.headlines(of: next)))
        #expect(!Self.buttons(of: next).contains { $0.actionID == "tenki.news.more" }, "the last page has no More")
        #expect(stack.upstreams.news.calls.count == 1)
    }

    @Test("More on feed news: the next items of the merged feeds, in place")
    func moreFeedNews() async throws {
        let stack = try Stack(environment: [
            "TENKI_NEWS_FEEDS": "vnexpress={upstream}/feeds/vnexpress.rss;nhk={upstream}/feeds/nhk.xml;blog={upstream}/feeds/blog.atom",
            "TENKI_NEWS_FEEDS_ALLOW_PRIVATE": "on",
        ])
        let first = try JSONDecoder().decode(
            SlackMessage.self, from: Data(try await stack.commandSender().send(command: "/news", text: "").body))
        let more = try #require(Self.buttons(of: first).first { $0.actionID == "tenki.news.more" }, "more than five items")
        _ = try await stack.press(actionID: "tenki.news.more", value: more.value)
        let next = try #require(try await stack.delivered().first)
        await stack.stop()
        #expect(next.replaceOriginal == true)
        let shownFirst = MessageTextRenderer.render(first), shownNext = MessageTextRenderer.render(next)
        #expect(shownNext.contains("Latest news") && shownNext != shownFirst)
    }

    /// Share pressed on a private message (the fixture's) while the queue runs: the bodies that reached
    /// the press's `response_url`, the delete included (paced a second after the post).
    static func sharePressed(value: String, on stack: Stack) async throws -> [String] {
        let service = Task { await stack.application.queue.run() }
        let response = try await stack.press(
            fixture: "slack_block_actions_button_ephemeral_DERIVED_docs_shape.json", actionID: "tenki.share", value: value)
        #expect(response.status == 200)
        #expect(await stack.application.background.waitUntilIdle(atMost: .seconds(60)))
        service.cancel()
        await service.value
        _ = await stack.application.queue.runOnce(now: stack.clock.now().addingTimeInterval(60))
        return stack.sink.requests(to: "/actions/T0/1/press").map { String(decoding: $0.body, as: UTF8.self) }
    }

    /// A news message's headline sections (each a linked title).
    static func headlines(of message: SlackMessage) -> [String] {
        message.blocks.compactMap { block -> String? in
            guard case .section(let section) = block, let text = section.text?.text, text.hasPrefix("*<") else { return nil }
            return text
        }
    }
}
