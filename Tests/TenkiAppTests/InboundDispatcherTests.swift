import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPServer
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The one dispatcher: values that no way in produces yet (events, view submissions) get a clear
/// "not handled", and a request that becomes one is answered without starting or storing anything.
@Suite("The inbound dispatcher")
struct InboundDispatcherTests {
    static let context = InboundContext(platform: .slack, team: "T1", user: "U1", replyTarget: .responseURL(nil))

    @Test("an event and a view submission are not handled; nothing is looked up")
    func notHandled() async throws {
        let harness = try AppHarness(lateAnswers: .queued)
        let dispatcher = harness.application.router.dispatcher
        let event = await dispatcher.dispatch(
            Inbound(.event(type: "app_home_opened"), context: Self.context), logger: .discarding)
        guard case .notHandled(let reason) = event else {
            Issue.record("an event was handled: \(event)")
            return
        }
        #expect(reason == "app_home_opened")
        let socket = InboundContext(
            platform: .slack, team: "T1", user: "U1", replyTarget: .socketAcknowledgement(envelopeID: "e1"))
        let submission = await dispatcher.dispatch(
            Inbound(.viewSubmission(ViewSubmission(userID: "U1", callbackID: "settings", fields: [:])), context: socket),
            logger: .discarding)
        guard case .notHandled = submission else {
            Issue.record("a view submission was handled: \(submission)")
            return
        }
        #expect(harness.fakes.openWeather.calls.isEmpty)
        #expect(try await harness.application.state.deliveries.list(states: [.pending, .dead]).isEmpty)
    }

    @Test("a Slack view_submission at /slack/interactions: an empty 200, nothing started or stored")
    func viewSubmissionOverHTTP() async throws {
        let harness = try AppHarness(lateAnswers: .queued)
        let payload = #"{"type":"view_submission","team":{"id":"T1"},"user":{"id":"U1"},"view":{"id":"V1"}}"#
        let body = Array(FormURLEncoded.encode([("payload", payload)]).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let signer = SlackRequestSigner(signingSecret: AppHarness.secret)
        for (name, value) in signer.headers(timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: body) {
            headers.add(name, value)
        }
        let response = await harness.application.router.respond(
            to: HTTPRequest(method: "POST", target: "/slack/interactions", headers: headers, body: body))
        #expect(response.status == .ok && response.body.isEmpty)
        #expect(harness.application.background.count == 0)
        #expect(try await harness.application.state.deliveries.list(states: [.pending, .dead]).isEmpty)
    }
}
