import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity
import Testing

@testable import TenkiApp

/// `POST /slack/events` through the real listener on loopback: the same v0 signature as the other
/// Slack routes, `url_verification` answered with its challenge, an `event_callback` acknowledged
/// with an empty 200.
@Suite("Slack events over loopback")
struct SlackEventsRouteTests {
    static func post(
        _ stack: SlackInteractionTests.Stack, json: String, secret: String = SlackInteractionTests.secret
    )
        async throws -> OutboundResponse
    {
        let body = Array(json.utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        let timestamp = Int64(stack.clock.now().timeIntervalSince1970)
        for (name, value) in SlackRequestSigner(signingSecret: secret).headers(timestamp: timestamp, body: body) {
            headers.add(name, value)
        }
        let url = URL(string: TenkiRouter.eventsPath, relativeTo: stack.endpoint)!.absoluteURL
        return try await CurlTransport().send(
            OutboundRequest(method: "POST", url: url, headers: headers, body: body, timeout: .seconds(60)))
    }

    @Test("url_verification: answered with its challenge")
    func urlVerification() async throws {
        let stack = try SlackInteractionTests.Stack()
        let response = try await Self.post(
            stack,
            json: #"{"token":"x","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P","type":"url_verification"}"#)
        await stack.stop()
        #expect(response.status == 200)
        let answer = try JSONDecoder().decode([String: String].self, from: Data(response.body))
        #expect(answer == ["challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"])
    }

    @Test("a bad signature: 401, the challenge never echoed")
    func badSignature() async throws {
        let stack = try SlackInteractionTests.Stack()
        let response = try await Self.post(
            stack, json: #"{"challenge":"secret-challenge","type":"url_verification"}"#, secret: "not-the-secret")
        await stack.stop()
        #expect(response.status == 401)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("secret-challenge"))
    }

    @Test("an event_callback: an empty 200; a body that is not an envelope: 400")
    func eventCallback() async throws {
        let stack = try SlackInteractionTests.Stack()
        let event = #"""
            {"type":"event_callback","team_id":"T0","event_id":"Ev1","event":{"type":"app_home_opened","user":"U1","channel":"D1","tab":"home"}}
            """#
        let acknowledged = try await Self.post(stack, json: event)
        let garbage = try await Self.post(stack, json: #"{"no":"type"}"#)
        await stack.stop()
        #expect(acknowledged.status == 200 && acknowledged.body.isEmpty)
        #expect(garbage.status == 400)
        let reason = String(decoding: garbage.body, as: UTF8.self)
        #expect(reason == "the body is not a Slack event envelope: the envelope has no `type`\n")
    }
}
