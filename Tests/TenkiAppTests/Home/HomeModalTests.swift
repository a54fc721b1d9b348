import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPServer
import TenkiSecurity
import TenkiStorage
import Testing

@testable import TenkiApp

/// The preferences modal and the late path of a submission, in process (the loopback suite covers
/// the listener): `/weather set` alone opens the modal; a submission saves through `/weather set`'s
/// path; a check that outlives the budget answers "checking…" and follows with `views.update`.
@Suite("Home modals: preferences, and checks that finish late")
struct HomeModalTests {
    static let user = UserKey(team: "T0TENKI", user: "U0TENKIDEMO")

    static func harness(
        waitForBudget: @escaping @Sendable (Duration) async -> Void = AppHarness.budgetNeverSpent
    ) throws
        -> AppHarness
    {
        try AppHarness(
            environment: [
                "SLACK_BOT_TOKEN": FakeSlackWebAPI.defaultToken, "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
            ], waitForBudget: waitForBudget)
    }

    /// A signed `view_submission` to `/slack/interactions`, handed to the router.
    static func submit(_ harness: AppHarness, _ payload: [String: Any]) async throws -> HTTPResponse {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
        let body = Array(FormURLEncoded.encode([("payload", json)]).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let signer = SlackRequestSigner(signingSecret: AppHarness.secret)
        for (name, value) in signer.headers(timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: body) {
            headers.add(name, value)
        }
        return await harness.application.router.respond(
            to: HTTPRequest(method: "POST", target: "/slack/interactions", headers: headers, body: body))
    }

    static func preferencesSubmission(place: String, units: String) throws -> [String: Any] {
        var payload = try HomeFlowTests.submission()
        var view = try #require(payload["view"] as? [String: Any])
        view["callback_id"] = HomeIDs.preferencesCallback
        view["state"] = [
            "values": [
                "place": ["place": ["type": "plain_text_input", "value": place]],
                "units": ["units": ["type": "static_select", "selected_option": ["value": units]]],
            ]
        ]
        payload["view"] = view
        return payload
    }

    static func json(_ response: HTTPResponse) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    }

    @Test("/weather set alone opens the preferences modal with the command's trigger_id; with words it saves as before")
    func setAloneOpensModal() async throws {
        let harness = try Self.harness()
        let response = await harness.send("/weather", "set")
        #expect(response.status == .ok && response.body.isEmpty)
        let opens = harness.fakes.slackAPI.accepted("views.open")
        #expect(opens.count == 1 && opens.first?.callbackID == HomeIDs.preferencesCallback)
        #expect(opens.first?.triggerID.map { !$0.isEmpty } == true)
        let typed = MessageTextRenderer.render(try await harness.message("/weather", "set units imperial"))
        #expect(typed.contains("imperial"))
        #expect(harness.fakes.slackAPI.accepted("views.open").count == 1)
    }

    @Test("a preferences submission saves what /weather set saves, and refreshes the Home tab")
    func preferencesSaved() async throws {
        let harness = try Self.harness()
        let response = try await Self.submit(harness, try Self.preferencesSubmission(place: "Danang", units: "imperial"))
        #expect(response.status == .ok && response.body.isEmpty)
        let saved = try await harness.application.state.preferences.preferences(for: Self.user)
        #expect(saved.place == "Danang" && saved.units == .imperial)
        let queued = try await harness.application.state.deliveries.list(states: [.pending])
        #expect(queued.map(\.kind) == ["home-tab"])
        let unknown = try await Self.submit(harness, try Self.preferencesSubmission(place: "Atlantis", units: "metric"))
        #expect(Self.json(unknown)?["response_action"] as? String == "errors")
        #expect(try await harness.application.state.preferences.preferences(for: Self.user).place == "Danang")
    }

    @Test(
        "coordinates out of range are a field error, and the saved place stays (never saved as no place)",
        arguments: ["91,181", "-90.00001,0", "16.05,180.5"])
    func coordinatesOutOfRange(_ place: String) async throws {
        let harness = try Self.harness()
        #expect(try await Self.submit(harness, try Self.preferencesSubmission(place: "Tokyo", units: "metric")).status == .ok)
        let refused = try await Self.submit(harness, try Self.preferencesSubmission(place: place, units: "imperial"))
        let errors = try #require(
            Self.json(refused)?["errors"] as? [String: String], "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(errors["place"]?.contains("latitude from -90 to 90") == true)
        let saved = try await harness.application.state.preferences.preferences(for: Self.user)
        #expect(saved.place == "Tokyo" && saved.units == .metric)
    }

    @Test("a check past the budget: checking… now, then views.update with the outcome; saved once")
    func lateSuccess() async throws {
        let harness = try Self.harness(waitForBudget: { _ in })
        // The modal is open (the fake's first view id is the fixture's V00000001).
        #expect(await harness.send("/weather", "subscribe").status == .ok)
        harness.fakes.openWeather.gate.close()
        let response = try await Self.submit(harness, try HomeFlowTests.submission())
        let answer = try #require(Self.json(response))
        #expect(answer["response_action"] as? String == "update")
        #expect((answer["view"] as? [String: Any])?["callback_id"] as? String == HomeIDs.noticeCallback)
        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        let updates = harness.fakes.slackAPI.accepted("views.update")
        #expect(updates.count == 1 && updates.first?.viewID == "V00000001")
        #expect(updates.first?.callbackID == HomeIDs.noticeCallback)
        let shown = String(decoding: updates.first?.view ?? [], as: UTF8.self)
        #expect(shown.contains("Subscribed (#1)"))
        #expect(try await harness.application.state.subscriptions.all().count == 1)
    }

    @Test("a place unknown after checking…: the form comes back through views.update with the problem on top")
    func lateProblem() async throws {
        let harness = try Self.harness(waitForBudget: { _ in })
        // The modal is open (the fake's first view id is the fixture's V00000001).
        #expect(await harness.send("/weather", "subscribe").status == .ok)
        harness.fakes.openWeather.gate.close()
        let response = try await Self.submit(harness, try HomeFlowTests.submission(place: "Atlantis"))
        #expect(Self.json(response)?["response_action"] as? String == "update")
        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        let update = try #require(harness.fakes.slackAPI.accepted("views.update").first)
        #expect(update.callbackID == HomeIDs.subscribeCallback)
        let shown = String(decoding: update.view ?? [], as: UTF8.self)
        #expect(shown.contains("Atlantis"))
        #expect(try await harness.application.state.subscriptions.all().isEmpty)
    }
}
