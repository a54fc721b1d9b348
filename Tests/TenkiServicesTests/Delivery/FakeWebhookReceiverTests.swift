import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport
import Testing

@Suite("Fake webhook receiver")
struct FakeWebhookReceiverTests {
    func post(_ transport: HandlerTransport, _ path: String, _ text: String) async throws -> OutboundResponse {
        let url = try #require(URL(string: "https://hooks.example.test\(path)"))
        return try await transport.send(OutboundRequest(method: "POST", url: url, body: Array(text.utf8)))
    }

    @Test("answers each path from its script, then its default, and records every POST")
    func scripts() async throws {
        let receiver = FakeWebhookReceiver()
        receiver.script("/a", [.slackError("rollup_error"), .rateLimited(retryAfter: "7"), .slackError("channel_is_archived")])
        receiver.setDefault("/b", .slackError("no_service"))
        let transport = HandlerTransport(receiver)
        let first = try await post(transport, "/a", "1")
        #expect(first.status == 500 && first.body == Array("rollup_error".utf8))
        let second = try await post(transport, "/a", "2")
        #expect(second.status == 429 && second.headers["Retry-After"] == "7")
        #expect(try await post(transport, "/a", "3").status == 410)
        #expect(try await post(transport, "/a", "4").status == 200)
        #expect(try await post(transport, "/b", "5").status == 404)
        #expect(receiver.requests.map(\.path) == ["/a", "/a", "/a", "/a", "/b"])
        #expect(receiver.accepted(at: "/a") == [Array("4".utf8)])
    }

    @Test(
        "Slack's refusals carry the fixture table's statuses",
        arguments: [
            ("invalid_payload", 400), ("user_not_found", 400), ("action_prohibited", 403), ("invalid_token", 403),
            ("channel_not_found", 404), ("no_service", 404), ("channel_is_archived", 410), ("rollup_error", 500),
        ])
    func statuses(reason: String, status: Int) {
        #expect(FakeWebhookReceiver.Reply.slackError(reason) == .status(status, reason))
    }

    @Test("accept-and-drop counts as arrived; a hang does not")
    func dropAndHang() async throws {
        let receiver = FakeWebhookReceiver()
        receiver.script("/x", [.acceptAndDrop(.milliseconds(10)), .hang(.milliseconds(10))])
        let transport = HandlerTransport(receiver)
        _ = try await post(transport, "/x", "dropped")
        _ = try await post(transport, "/x", "hung")
        #expect(receiver.accepted(at: "/x") == [Array("dropped".utf8)])
    }

    @Test("every platform's webhook path is taken as the platform answers it, and GET /webhooks/posts lists the posts")
    func platforms() async throws {
        let fakes = FakeUpstreams()
        let transport = HandlerTransport(fakes)
        let slack = try await post(transport, "/services/T0/B0/x", #"{"blocks":[]}"#)
        #expect(slack.status == 200 && slack.body == Array("ok".utf8))
        #expect(try await post(transport, "/hooks/x", #"{"text":"**hi**"}"#).body == Array("ok".utf8))
        let waited = try await post(transport, "/api/webhooks/1/x?thread_id=7&wait=true", #"{"embeds":[]}"#)
        #expect(waited.status == 200 && String(decoding: waited.body, as: UTF8.self).contains(#""id""#))
        #expect(try await post(transport, "/api/webhooks/1/x", "{}").status == 204)
        #expect(!FakeWebhookReceiver.isWebhookPath("/api/v10/webhooks/1/x/messages/@original"), "Discord's API, not a webhook")
        let chat = try await post(transport, "/v1/spaces/AAAA/messages?key=k&token=t", #"{"cardsV2":[]}"#)
        #expect(chat.status == 200 && String(decoding: chat.body, as: UTF8.self).contains("spaces/AAAA/messages/"))
        #expect(try await post(transport, "/elsewhere", "{}").status == 404)
        #expect(fakes.webhooks.requests.map(\.path) == [
            "/services/T0/B0/x", "/hooks/x", "/api/webhooks/1/x", "/api/webhooks/1/x", "/v1/spaces/AAAA/messages",
        ])
        #expect(fakes.webhooks.requests.map(\.query) == ["", "", "thread_id=7&wait=true", "", "key=k&token=t"])

        let url = try #require(URL(string: "https://fakes.test/webhooks/posts"))
        let listing = try await transport.send(OutboundRequest(method: "GET", url: url))
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(listing.body)) as? [[String: Any]])
        #expect(posts.count == 5)
        #expect(posts[4]["query"] as? String == "key=k&token=t")
        #expect(posts[4]["body"] as? String == #"{"cardsV2":[]}"#)
    }
}
