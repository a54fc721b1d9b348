import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The Home tab and the modals through the real listener on loopback: Slack's documented payload
/// shapes (Tests/Fixtures/*_DERIVED_docs_shape.json), signed, each with the exact Web API call it
/// causes as the fake Slack recorded it. The flow is driven by the values an adapter makes, so a
/// Socket Mode run only changes how they arrive.
@Suite("Home tab and modals over loopback")
struct HomeFlowTests {
    static let user = "U0TENKIDEMO"

    static func stack() throws -> SlackInteractionTests.Stack {
        try SlackInteractionTests.Stack(environment: [
            "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "{upstream}/slack-api",
        ])
    }

    static func fixture(_ name: String) throws -> [String: Any] {
        let url = Fixtures.directory.appendingPathComponent(name)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// A signed `POST /slack/events`, with Slack's retry headers when `retry` is given.
    static func postEvent(
        _ stack: SlackInteractionTests.Stack, _ envelope: [String: Any], retry: Int? = nil
    ) async throws -> OutboundResponse {
        // The same bytes for the same envelope, as Slack resends a retried event's body unchanged;
        // Slack signs each retry anew, later: attempt n is signed n seconds on, so the replay guard
        // (which refuses a signature seen before) lets it through as it does Slack's.
        let body = Array(try JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]))
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        let timestamp = Int64(stack.clock.now().timeIntervalSince1970) + Int64(retry ?? 0)
        for (name, value) in SlackRequestSigner(signingSecret: SlackInteractionTests.secret).headers(
            timestamp: timestamp, body: body)
        {
            headers.add(name, value)
        }
        if let retry {
            headers.add("X-Slack-Retry-Num", String(retry))
            headers.add("X-Slack-Retry-Reason", "http_timeout")
        }
        let url = URL(string: TenkiRouter.eventsPath, relativeTo: stack.endpoint)!.absoluteURL
        return try await CurlTransport().send(
            OutboundRequest(method: "POST", url: url, headers: headers, body: body, timeout: .seconds(60)))
    }

    static func homeOpened(by user: String = Self.user, eventID: String = "Ev0TENKI0001") throws -> [String: Any] {
        var envelope = try fixture("slack_event_app_home_opened_DERIVED_docs_shape.json")
        var event = try #require(envelope["event"] as? [String: Any])
        event["user"] = user
        envelope["event"] = event
        envelope["event_id"] = eventID
        return envelope
    }

    /// A signed interaction (`payload` form field) to `/slack/interactions`.
    static func interact(_ stack: SlackInteractionTests.Stack, _ payload: [String: Any]) async throws -> OutboundResponse {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
        return try await stack.sender.send(body: Array(FormURLEncoded.encode([("payload", json)]).utf8))
    }

    static func submission(place: String = "Danang", channel: String = "C0TENKI") throws -> [String: Any] {
        var payload = try fixture("slack_view_submission_subscribe_DERIVED_docs_shape.json")
        var view = try #require(payload["view"] as? [String: Any])
        var state = try #require(view["state"] as? [String: Any])
        var values = try #require(state["values"] as? [String: Any])
        values["place"] = ["place": ["type": "plain_text_input", "value": place]]
        values["channel"] = ["channel": ["type": "conversations_select", "selected_conversation": channel]]
        state["values"] = values
        view["state"] = state
        payload["view"] = view
        return payload
    }

    /// Runs the delivery queue a round a second (of its own time, not waited for) until nothing
    /// is left: publishes to one workspace go one a second.
    static func drain(_ stack: SlackInteractionTests.Stack, rounds: Int = 10) async {
        #expect(await stack.application.background.waitUntilIdle(atMost: .seconds(60)))
        let start = stack.clock.now()
        for round in 0..<rounds {
            _ = await stack.application.queue.runOnce(now: start.addingTimeInterval(Double(round)))
        }
    }

    static func blocksText(_ call: FakeSlackWebAPI.ViewCall?) -> String {
        String(decoding: call?.view ?? [], as: UTF8.self)
    }

    @Test("app_home_opened: an empty 200, then views.publish of that user's Home tab with the bot token")
    func homeOpenedPublishes() async throws {
        let stack = try Self.stack()
        let response = try await Self.postEvent(stack, try Self.homeOpened())
        await Self.drain(stack)
        await stack.stop()
        #expect(response.status == 200 && response.body.isEmpty)
        let publishes = stack.upstreams.slackAPI.accepted("views.publish")
        #expect(publishes.count == 1)
        let call = try #require(publishes.first)
        #expect(call.userID == Self.user && call.viewType == "home" && call.callbackID == HomeIDs.homeCallback)
        #expect(call.authorization == "Bearer \(FakeSlackWebAPI.defaultToken)")
        #expect(Self.blocksText(call).contains(HomeIDs.subscribeAction))
    }

    @Test("an event retried three times (X-Slack-Retry-Num 1 to 3, same event_id) has its effect once")
    func retriedEventOnce() async throws {
        let stack = try Self.stack()
        let first = try await Self.postEvent(stack, try Self.homeOpened())
        var retries: [Int] = []
        for attempt in 1...3 { retries.append(try await Self.postEvent(stack, try Self.homeOpened(), retry: attempt).status) }
        await Self.drain(stack)
        let metrics = stack.application.dependencies.metrics
        await stack.stop()
        #expect(first.status == 200 && retries == [200, 200, 200], "every retry is acknowledged")
        #expect(stack.upstreams.slackAPI.accepted("views.publish").count == 1)
        #expect(metrics.counter("tenki_events_total", [("type", "app_home_opened"), ("outcome", "handled")]) == 1)
        #expect(metrics.counter("tenki_events_total", [("type", "app_home_opened"), ("outcome", "duplicate")]) == 3)
    }

    @Test("a press of tenki.home.subscribe on the Home tab: views.open with its trigger_id, the subscribe modal")
    func subscribePressOpensModal() async throws {
        let stack = try Self.stack()
        let payload = try Self.fixture("slack_block_actions_home_tab_DERIVED_docs_shape.json")
        let response = try await Self.interact(stack, payload)
        await stack.stop()
        #expect(response.status == 200 && response.body.isEmpty)
        let opens = stack.upstreams.slackAPI.accepted("views.open")
        #expect(opens.count == 1)
        #expect(opens.first?.triggerID == payload["trigger_id"] as? String)
        #expect(opens.first?.callbackID == HomeIDs.subscribeCallback && opens.first?.viewType == "modal")
    }

    @Test("a view_submission with an unknown place: errors naming place; nothing saved or posted")
    func unknownPlace() async throws {
        let stack = try Self.stack()
        let response = try await Self.interact(stack, try Self.submission(place: "Atlantis"))
        let saved = try await stack.application.state.subscriptions.all()
        await stack.stop()
        #expect(response.status == 200)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(answer["response_action"] as? String == "errors")
        let errors = try #require(answer["errors"] as? [String: String])
        #expect(Array(errors.keys) == ["place"] && errors["place"]?.contains("Atlantis") == true)
        #expect(saved.isEmpty && stack.upstreams.slackAPI.posts.isEmpty)
    }

    @Test("a view_submission for a channel answering not_in_channel: errors naming channel; nothing stays saved")
    func notInChannel() async throws {
        let stack = try Self.stack()
        stack.upstreams.slackAPI.setError("not_in_channel", forChannel: "C0ELSEWHERE")
        let response = try await Self.interact(stack, try Self.submission(channel: "C0ELSEWHERE"))
        let saved = try await stack.application.state.subscriptions.all()
        await stack.stop()
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(answer["response_action"] as? String == "errors")
        let errors = try #require(answer["errors"] as? [String: String])
        #expect(Array(errors.keys) == ["channel"] && errors["channel"]?.contains("/invite") == true, "\(errors)")
        #expect(saved.isEmpty)
        let tried = stack.upstreams.slackAPI.calls.filter { $0.hasSuffix("chat.postMessage") }
        #expect(tried.count == 1, "posting ability checked by the confirmation post itself")
    }

    @Test("a full channel: errors naming channel")
    func fullChannel() async throws {
        let stack = try SlackInteractionTests.Stack(environment: [
            "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "{upstream}/slack-api",
            "TENKI_MAX_SUBSCRIPTIONS_PER_CHANNEL": "1",
        ])
        let first = try await Self.interact(stack, try Self.submission())
        let second = try await Self.interact(stack, try Self.submission())
        await stack.stop()
        #expect(first.status == 200 && first.body.isEmpty)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(second.body)) as? [String: Any])
        #expect((answer["errors"] as? [String: String])?.keys.sorted() == ["channel"])
    }

    @Test("a good submission: the modal closes, saved as the command saves, confirmation posted, Home tab refreshed")
    func goodSubmission() async throws {
        let stack = try Self.stack()
        let response = try await Self.interact(stack, try Self.submission())
        await Self.drain(stack)
        let saved = try await stack.application.state.subscriptions.all()
        await stack.stop()
        #expect(response.status == 200 && response.body.isEmpty, "an empty 200 closes the modal")
        let subscription = try #require(saved.first)
        #expect(saved.count == 1 && subscription.channel == "C0TENKI" && subscription.createdBy == Self.user)
        #expect(subscription.kind == .morning(LocalTime(hour: 6, minute: 45)!, .daily))
        #expect(subscription.timeZone == "Asia/Ho_Chi_Minh", "the submitter's Slack zone, as the command takes it")
        let posts = stack.upstreams.slackAPI.posted(to: "C0TENKI")
        #expect(posts.count == 1)
        #expect(String(decoding: try #require(posts.first).body, as: UTF8.self).contains("06:45"))
        let publishes = stack.upstreams.slackAPI.accepted("views.publish")
        #expect(publishes.count == 1 && publishes.first?.userID == Self.user)
        #expect(Self.blocksText(publishes.first).contains(HomeIDs.unsubscribeAction), "the new subscription, with Remove")
    }

    @Test("Remove on the Home tab: only the creator's own subscription goes, and the tab is refreshed")
    func removeRechecksCreator() async throws {
        let stack = try Self.stack()
        _ = try await Self.interact(stack, try Self.submission())
        var press = try Self.fixture("slack_block_actions_home_tab_DERIVED_docs_shape.json")
        var actions = try #require(press["actions"] as? [[String: Any]])
        actions[0]["action_id"] = HomeIDs.unsubscribeAction
        actions[0]["value"] = "1"
        press["actions"] = actions
        var stranger = press
        stranger["user"] = ["id": "U0STRANGER", "team_id": "T0TENKI"]
        _ = try await Self.interact(stack, stranger)
        let afterStranger = try await stack.application.state.subscriptions.all().count
        _ = try await Self.interact(stack, press)
        let afterCreator = try await stack.application.state.subscriptions.all().count
        await Self.drain(stack)
        await stack.stop()
        #expect(afterStranger == 1 && afterCreator == 0)
        let publishes = stack.upstreams.slackAPI.accepted("views.publish").map(\.userID)
        #expect(publishes.filter { $0 == Self.user }.count == 2, "after subscribing and after removing")
    }
}
