import Foundation
import Synchronization
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import Testing

@testable import TenkiSecurity
@testable import TenkiSlackAPI

/// `views.publish`, `views.open` and `views.update` through the client into the fake Slack: the
/// JSON body each method documents, the bearer token, and Slack's refusals as typed errors.
@Suite("Slack views API")
struct SlackViewsAPITests {
    let slack = FakeSlackWebAPI()
    let home = SlackView.home(blocks: [.block(.divider)], callbackID: HomeIDs.homeCallback)
    let modal = SubscribeModal(place: "Da Nang", channel: "C1", language: .en).view

    func client(token: String = FakeSlackWebAPI.defaultToken) throws -> SlackWebAPIClient {
        SlackWebAPIClient(
            transport: HandlerTransport(slack), baseURL: URL(string: "http://fakes.test/slack-api")!,
            token: try #require(SlackBotToken(token)))
    }

    @Test("views.publish sends user_id and the home view as JSON with the bearer token")
    func publish() async throws {
        let shown = try await client().publishView(home, userID: "U0HOME")
        #expect(shown.id == "VHOMEU0HOME")
        let call = try #require(slack.accepted("views.publish").first)
        #expect(call.userID == "U0HOME")
        #expect(call.viewType == "home")
        #expect(call.callbackID == "tenki.home")
        #expect(call.authorization == "Bearer \(FakeSlackWebAPI.defaultToken)")
        #expect(call.hash == nil)
        #expect(call.triggerID == nil)
    }

    @Test("the body is exactly the method's arguments and the view object")
    func bodyShape() async throws {
        let recorder = RecordingTransport(next: HandlerTransport(slack))
        let client = SlackWebAPIClient(
            transport: recorder, baseURL: URL(string: "http://fakes.test/slack-api")!,
            token: try #require(SlackBotToken(FakeSlackWebAPI.defaultToken)))
        try await client.openView(modal, triggerID: "1.2.abc")
        let request = try #require(recorder.requests.first)
        #expect(request.url.absoluteString == "http://fakes.test/slack-api/views.open")
        #expect(request.headers["Content-Type"] == "application/json; charset=utf-8")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body.keys.sorted() == ["trigger_id", "view"])
        #expect((body["view"] as? [String: Any])?["callback_id"] as? String == "tenki.subscribe")
    }

    @Test("views.open takes a trigger once; a spent or expired trigger is a trigger problem")
    func openOnce() async throws {
        let client = try client()
        let shown = try await client.openView(modal, triggerID: "1.2.abc")
        #expect(shown.id.hasPrefix("V"))
        #expect(shown.hash != nil)
        await #expect(throws: SlackWebAPIError.refused(method: "views.open", error: "exchanged_trigger_id")) {
            try await client.openView(modal, triggerID: "1.2.abc")
        }
        slack.expireTrigger("3.4.def")
        do throws(SlackWebAPIError) {
            try await client.openView(modal, triggerID: "3.4.def")
            Issue.record("an expired trigger opened a modal")
        } catch {
            #expect(error.isTriggerProblem)
        }
        #expect(slack.viewCalls.map(\.error) == [nil, "exchanged_trigger_id", "expired_trigger_id"])
    }

    @Test("views.update replaces an open modal by id; a stale hash or an unknown id is refused")
    func update() async throws {
        let client = try client()
        let opened = try await client.openView(modal, triggerID: "1.2.abc")
        let checking = ModalNotice.checking(place: "Da Nang", language: .en).view
        let updated = try await client.updateView(checking, viewID: opened.id, hash: opened.hash)
        #expect(updated.id == opened.id)
        #expect(updated.hash != opened.hash)
        do throws(SlackWebAPIError) {
            try await client.updateView(checking, viewID: opened.id, hash: opened.hash)
            Issue.record("a stale hash was accepted")
        } catch {
            #expect(error.isHashConflict)
        }
        await #expect(throws: SlackWebAPIError.refused(method: "views.update", error: "not_found")) {
            try await client.updateView(checking, viewID: "V404", hash: nil)
        }
        #expect(slack.accepted("views.update").first?.viewID == opened.id)
    }

    @Test("a wrong token, a wrong view type and a forced error are typed refusals")
    func refusals() async throws {
        await #expect(throws: SlackWebAPIError.refused(method: "views.publish", error: "invalid_auth")) {
            try await client(token: "xoxb-wrong").publishView(home, userID: "U1")
        }
        await #expect(throws: SlackWebAPIError.refused(method: "views.publish", error: "invalid_arguments")) {
            try await client().publishView(modal, userID: "U1")
        }
        slack.setError("not_enabled", forMethod: "views.publish")
        await #expect(throws: SlackWebAPIError.refused(method: "views.publish", error: "not_enabled")) {
            try await client().publishView(home, userID: "U1")
        }
    }
}

/// Passes requests on and keeps them, to read the body the client wrote.
final class RecordingTransport: HTTPTransport {
    let next: any HTTPTransport
    private let recorded = Mutex<[OutboundRequest]>([])

    init(next: any HTTPTransport) { self.next = next }

    var requests: [OutboundRequest] { recorded.withLock { $0 } }

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        recorded.withLock { $0.append(request) }
        return try await next.send(request)
    }
}
