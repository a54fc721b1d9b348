import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

/// The pure pieces the wiring calls between a press or a submission and a `views.*` call.
@Suite("Home tab flow pieces")
struct HomeFlowPiecesTests {
    @Test(
        "an unsubscribe press's value is a positive id or nothing",
        arguments: [
            ("3", Int64?.some(3)), ("9223372036854775807", 9_223_372_036_854_775_807), ("0", nil), ("-3", nil), ("+3", nil),
            (" 3", nil), ("3.0", nil), ("", nil), ("99999999999999999999", nil), ("９", nil), ("0x10", nil),
        ])
    func unsubscribeValue(value: String, id: Int64?) {
        #expect(HomeIDs.subscriptionID(fromValue: value) == id)
    }

    @Test("a submission names its form by callback_id")
    func form() {
        func submission(_ callback: String) -> ViewSubmission { ViewSubmission(userID: "U1", callbackID: callback, fields: [:]) }
        #expect(submission("tenki.preferences").form == .preferences)
        #expect(submission("tenki.subscribe").form == .subscribe)
        #expect(submission("tenki.notice").form == nil)
        #expect(submission("").form == nil)
    }

    @Test("a late problem brings the form back on the values sent, the problem escaped at the top")
    func formReturns() throws {
        let request = SubscriptionRequest(
            place: "Dan<ang", channel: "C9", kind: .morning(LocalTime(hour: 6, minute: 45)!, .weekdays))
        guard case .errors(let errors) = ViewSubmissionResponse.placeNotFound(request.place, language: .en) else {
            Issue.record("placeNotFound is not an errors response")
            return
        }
        let view = SubscribeModal(returning: request, problem: errors.markdown, language: .en).view
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(view)) as? [String: Any])
        #expect(SlackLimitChecker.violations(inView: json).isEmpty)
        let blocks = json["blocks"] as? [[String: Any]] ?? []
        #expect(blocks.compactMap { $0["block_id"] as? String } == ["place", "channel", "time", "days", "kind"])
        let top = ((blocks.first?["text"] as? [String: Any])?["text"] as? String) ?? ""
        #expect(top.hasPrefix("⚠️ No place called “Dan&lt;ang”"))
        let elements = blocks.compactMap { $0["element"] as? [String: Any] }
        #expect(elements[0]["initial_value"] as? String == "Dan<ang")
        #expect(elements[1]["initial_conversation"] as? String == "C9")
        #expect(elements[2]["initial_time"] as? String == "06:45")
        #expect((elements[3]["initial_option"] as? [String: Any])?["value"] as? String == "weekdays")
        let rain = SubscribeModal(
            returning: SubscriptionRequest(place: "Hue", channel: "C9", kind: .rain), problem: "x", language: .ja)
        #expect(rain.kind == .rain)
        #expect(rain.time == .defaultReport)
    }

    @Test("field errors read as one paragraph in the fields' order")
    func errorsMarkdown() {
        let errors = FieldErrors([.time: "t <1>", .place: "p & q", .kind: "k"])
        #expect(errors.markdown == "p &amp; q\nt &lt;1&gt;\nk")
    }
}
