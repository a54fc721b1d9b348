import Foundation
import Testing
import TenkiFakes
import TenkiTestSupport

/// The checker that every golden goes through must itself catch bad messages.
@Suite("Slack limit checker")
struct SlackLimitCheckerTests {
    static func json(_ text: String) -> Data { Data(text.utf8) }

    @Test("known-bad messages are caught", arguments: [
        (#"{"blocks":[]}"#, "no text"),
        (#"{"text":"x","response_type":"public"}"#, "response_type"),
        (#"{"text":"x","blocks":[{"type":"header","text":{"type":"mrkdwn","text":"h"}}]}"#, "plain_text"),
        (#"{"text":"x","blocks":[{"type":"header","text":{"type":"plain_text","text":"\#(String(repeating: "a", count: 151))"}}]}"#, "more than 150"),
        (#"{"text":"x","blocks":[{"type":"section"}]}"#, "without text or fields"),
        (#"{"text":"x","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"\#(String(repeating: "a", count: 3001))"}}]}"#, "more than 3000"),
        (#"{"text":"x","blocks":[{"type":"section","fields":[\#(Array(repeating: #"{"type":"mrkdwn","text":"f"}"#, count: 11).joined(separator: ","))]}]}"#, "more than 10"),
        (#"{"text":"x","blocks":[{"type":"context","elements":[\#(Array(repeating: #"{"type":"mrkdwn","text":"f"}"#, count: 11).joined(separator: ","))]}]}"#, "more than 10"),
        (#"{"text":"x","blocks":[\#(Array(repeating: #"{"type":"divider"}"#, count: 51).joined(separator: ","))]}"#, "more than 50"),
        (#"{"text":"x","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"a <script> b"}}]}"#, "not a link"),
        (#"{"text":"x","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"Tom & Jerry"}}]}"#, "bare &"),
        (#"{"text":"x","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"a"},"accessory":{"type":"image","image_url":"http://x/a.png","alt_text":"a"}}]}"#, "not https"),
        (#"{"text":"x","blocks":[{"type":"image","image_url":"https://x/a.png","alt_text":""}]}"#, "alt_text"),
        (#"{"text":"x","blocks":[{"type":"carousel"}]}"#, "unknown block type"),
    ])
    func catches(json: String, expected: String) {
        let violations = SlackLimitChecker.violations(in: Self.json(json))
        #expect(violations.contains { $0.contains(expected) }, "\(violations)")
    }

    @Test("a valid message passes")
    func passes() {
        let json = #"{"text":"ok","response_type":"in_channel","blocks":[{"type":"header","text":{"type":"plain_text","text":"h"}},{"type":"section","text":{"type":"mrkdwn","text":"*b* <https://a.example/x|t> &amp; <@U1>"},"fields":[{"type":"mrkdwn","text":"f"}]},{"type":"context","elements":[{"type":"mrkdwn","text":"c"},{"type":"image","image_url":"https://a.example/i.png","alt_text":"i"}]},{"type":"divider"}]}"#
        #expect(SlackLimitChecker.violations(in: Self.json(json)).isEmpty)
    }
}
