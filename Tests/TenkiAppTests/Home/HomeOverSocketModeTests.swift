import Foundation
import TenkiCore
import TenkiFakes
import Testing

@testable import TenkiApp

/// The Home tab and modal flow of `HomeFlowTests`, arriving as Socket Mode envelopes instead of
/// signed HTTP requests: the same documented payloads, handed to the server's `SocketModeAdapter`,
/// cause the same Web API calls, and what HTTP would answer in its body rides in the
/// acknowledgement's `payload`.
@Suite("Home tab and modals over Socket Mode")
struct HomeOverSocketModeTests {
    /// `payload` in an envelope of `type`, as Slack sends it over the socket.
    static func envelope(_ id: String, _ type: String, _ payload: [String: Any]) throws -> SocketModeEnvelope {
        let object: [String: Any] = ["envelope_id": id, "type": type, "accepts_response_payload": true, "payload": payload]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        guard case .envelope(let envelope) = SocketModeMessage(text: json) else { throw CocoaError(.coderInvalidValue) }
        return envelope
    }

    /// The acknowledgement's `payload` as JSON; nil when it carries none.
    static func payload(of handled: SocketModeAdapter.Handled) throws -> [String: Any]? {
        let text = try #require(handled.acknowledgement, "every envelope is acknowledged")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return object["payload"] as? [String: Any]
    }

    @Test("app_home_opened in an events_api envelope: views.publish once, also when Slack resends it in a new envelope")
    func homeOpened() async throws {
        let stack = try HomeFlowTests.stack()
        let adapter = SocketModeAdapter(router: stack.application.router)
        let first = await adapter.handle(
            try Self.envelope("env-1", "events_api", try HomeFlowTests.homeOpened()), logger: .discarding)
        let again = await adapter.handle(
            try Self.envelope("env-2", "events_api", try HomeFlowTests.homeOpened()), logger: .discarding)
        await HomeFlowTests.drain(stack)
        await stack.stop()
        #expect(try Self.payload(of: first) == nil)
        #expect(try Self.payload(of: again) == nil)
        let publishes = stack.upstreams.slackAPI.accepted("views.publish")
        #expect(publishes.count == 1, "the event_id is taken once, whatever envelope carries it")
        #expect(publishes.first?.userID == HomeFlowTests.user && publishes.first?.viewType == "home")
    }

    @Test("a press of tenki.home.subscribe in an interactive envelope: views.open with its trigger_id")
    func subscribePress() async throws {
        let stack = try HomeFlowTests.stack()
        let payload = try HomeFlowTests.fixture("slack_block_actions_home_tab_DERIVED_docs_shape.json")
        let handled = await SocketModeAdapter(router: stack.application.router).handle(
            try Self.envelope("env-press", "interactive", payload), logger: .discarding)
        await stack.stop()
        #expect(try Self.payload(of: handled) == nil)
        let opens = stack.upstreams.slackAPI.accepted("views.open")
        #expect(opens.count == 1 && opens.first?.triggerID == payload["trigger_id"] as? String)
        #expect(opens.first?.callbackID == HomeIDs.subscribeCallback)
    }

    @Test(
        "view_submission envelopes: an unknown place gets errors on place in the acknowledgement; a good one saves and refreshes")
    func submissions() async throws {
        let stack = try HomeFlowTests.stack()
        let adapter = SocketModeAdapter(router: stack.application.router)
        let unknown = await adapter.handle(
            try Self.envelope("env-bad", "interactive", try HomeFlowTests.submission(place: "Atlantis")), logger: .discarding)
        let answer = try #require(try Self.payload(of: unknown), "the response_action rides in the acknowledgement")
        #expect(answer["response_action"] as? String == "errors")
        #expect((answer["errors"] as? [String: String])?.keys.sorted() == ["place"])
        #expect(try await stack.application.state.subscriptions.all().isEmpty)

        let good = await adapter.handle(
            try Self.envelope("env-good", "interactive", try HomeFlowTests.submission()), logger: .discarding)
        await HomeFlowTests.drain(stack)
        let saved = try await stack.application.state.subscriptions.all()
        await stack.stop()
        #expect(try Self.payload(of: good) == nil, "a bare acknowledgement closes the modal")
        #expect(saved.count == 1 && saved.first?.channel == "C0TENKI")
        #expect(stack.upstreams.slackAPI.posted(to: "C0TENKI").count == 1, "the confirmation")
        #expect(stack.upstreams.slackAPI.accepted("views.publish").count == 1, "the Home tab refreshed")
    }
}
