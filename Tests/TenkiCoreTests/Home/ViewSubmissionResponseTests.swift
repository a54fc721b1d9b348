import Foundation
import TenkiCore
import Testing

/// The answers to a submission are Slack's documented shapes: `errors` keyed by `block_id`, and
/// `update` with a whole view.
@Suite("View submission responses")
struct ViewSubmissionResponseTests {
    static func json(_ response: ViewSubmissionResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(response)) as? [String: Any])
    }

    @Test("field errors: response_action errors, keyed by block_id")
    func errors() throws {
        let object = try Self.json(.errors(FieldErrors([.place: "p", .time: "t"])))
        #expect(object["response_action"] as? String == "errors")
        #expect(object["errors"] as? [String: String] == ["place": "p", "time": "t"])
    }

    @Test("an unknown place is said on place, naming it")
    func placeNotFound() throws {
        let object = try Self.json(.placeNotFound("Dananng", language: .en))
        #expect((object["errors"] as? [String: String])?["place"]?.contains("“Dananng”") == true)
        #expect((object["errors"] as? [String: String])?.keys.sorted() == ["place"])
    }

    @Test("a channel Slack refuses is said on channel; not_in_channel says how to invite", arguments: WeatherLanguage.allCases)
    func channelRefused(language: WeatherLanguage) throws {
        let strings = ModalStrings.table(for: language)
        let notIn = try Self.json(.channelRefused(slackError: "not_in_channel", language: language))
        #expect(notIn["errors"] as? [String: String] == ["channel": strings.notInChannel])
        #expect(strings.notInChannel.contains("/invite @Tenki"))
        let archived = try Self.json(.channelRefused(slackError: "is_archived", language: language))
        #expect((archived["errors"] as? [String: String])?["channel"]?.contains("is_archived") == true)
        let hostile = try Self.json(.channelRefused(slackError: "<!channel> & more", language: language))
        #expect((hostile["errors"] as? [String: String])?["channel"]?.contains("<!channel>") == false)
        let full = try Self.json(.channelFull(limit: 10, language: language))
        #expect((full["errors"] as? [String: String])?["channel"]?.contains("10") == true)
    }

    @Test("checking…: response_action update with a modal that has nothing to submit")
    func checking() throws {
        let object = try Self.json(.checking(place: "Da <b> Nang", language: .en))
        #expect(object["response_action"] as? String == "update")
        let view = try #require(object["view"] as? [String: Any])
        #expect(view["type"] as? String == "modal")
        #expect(view["submit"] == nil)
        #expect(view["callback_id"] as? String == HomeIDs.noticeCallback)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: view), as: UTF8.self)
        #expect(text.contains("Da &lt;b&gt; Nang"))
    }
}
