import Foundation
import Testing
import TenkiTestSupport

/// The checker's view rules catch each kind of bad Home tab or modal, and pass a good one.
@Suite("Slack limit checker: views")
struct SlackLimitCheckerViewTests {
    static let input = #"{"type":"input","block_id":"place","label":{"type":"plain_text","text":"Place"},"element":{"type":"plain_text_input","action_id":"place"}}"#
    static func modal(title: String = "Title", extra: String = "", blocks: String = input) -> String {
        #"{"type":"modal","title":{"type":"plain_text","text":"\#(title)"},"submit":{"type":"plain_text","text":"Save"},\#(extra)"blocks":[\#(blocks)]}"#
    }
    static func select(_ options: Int, initial: String? = nil) -> String {
        let list = (0..<options).map { #"{"text":{"type":"plain_text","text":"o\#($0)"},"value":"v\#($0)"}"# }.joined(separator: ",")
        let chosen = initial.map { #","initial_option":{"text":{"type":"plain_text","text":"x"},"value":"\#($0)"}"# } ?? ""
        return #"{"type":"input","block_id":"units","label":{"type":"plain_text","text":"U"},"element":{"type":"static_select","action_id":"u","options":[\#(list)]\#(chosen)}}"#
    }

    @Test("known-bad views are caught", arguments: [
        (#"{"type":"message","blocks":[]}"#, "not modal or home"),
        (modal(title: String(repeating: "a", count: 25)), "modal title is 25 long"),
        (#"{"type":"modal","title":{"type":"mrkdwn","text":"t"},"blocks":[]}"#, "modal title is not plain_text"),
        (#"{"type":"modal","blocks":[]}"#, "modal without title"),
        (#"{"type":"modal","title":{"type":"plain_text","text":"t"},"blocks":[\#(input)]}"#, "no submit"),
        (modal(extra: #""close":{"type":"plain_text","text":"\#(String(repeating: "c", count: 25))"},"#), "modal close is 25 long"),
        (modal(extra: #""private_metadata":"\#(String(repeating: "m", count: 3001))","#), "private_metadata over 3000"),
        (modal(extra: #""callback_id":"\#(String(repeating: "c", count: 256))","#), "callback_id over 255"),
        (modal(blocks: Array(repeating: #"{"type":"divider"}"#, count: 101).joined(separator: ",")), "more than 100"),
        (#"{"type":"home","blocks":[\#(Array(repeating: #"{"type":"divider"}"#, count: 101).joined(separator: ","))]}"#, "more than 100"),
        (#"{"type":"home","title":{"type":"plain_text","text":"t"},"blocks":[]}"#, "home view with title"),
        (modal(blocks: input + "," + input), "block_id place repeated"),
        (modal(blocks: #"{"type":"input","block_id":"p","label":{"type":"plain_text","text":"\#(String(repeating: "l", count: 2001))"},"element":{"type":"plain_text_input","action_id":"p"}}"#), "input label is 2001 long"),
        (modal(blocks: #"{"type":"input","block_id":"p","label":{"type":"plain_text","text":"l"}}"#), "input without element"),
        (modal(blocks: #"{"type":"input","block_id":"p","label":{"type":"plain_text","text":"l"},"element":{"type":"plain_text_input","action_id":"p","max_length":5,"initial_value":"toolong"}}"#), "longer than max_length"),
        (modal(blocks: #"{"type":"input","block_id":"t","label":{"type":"plain_text","text":"l"},"element":{"type":"timepicker","action_id":"t","initial_time":"7:30"}}"#), "is not HH:mm"),
        (modal(blocks: #"{"type":"input","block_id":"t","label":{"type":"plain_text","text":"l"},"element":{"type":"datepicker_x","action_id":"t"}}"#), "unknown element type"),
        (modal(blocks: select(101)), "101 options"),
        (modal(blocks: select(2, initial: "nope")), "initial_option is not one of the options"),
        (modal(blocks: #"{"type":"input","block_id":"c","label":{"type":"plain_text","text":"l"},"element":{"type":"conversations_select","action_id":"c","placeholder":{"type":"plain_text","text":"\#(String(repeating: "p", count: 151))"}}}"#), "placeholder is 151 long"),
        (#"{"type":"home","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"s"},"accessory":{"type":"button","action_id":"a","text":{"type":"plain_text","text":"b"},"style":"blue"}}]}"#, "button style blue"),
        (#"{"type":"home","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"s"},"accessory":{"type":"button","action_id":"\#(String(repeating: "a", count: 256))","text":{"type":"plain_text","text":"b"}}}]}"#, "action_id empty or over 255"),
        (#"{"type":"home","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"s"},"accessory":{"type":"button","action_id":"a","text":{"type":"plain_text","text":"b"},"confirm":{"title":{"type":"plain_text","text":"t"},"text":{"type":"mrkdwn","text":"x"},"confirm":{"type":"plain_text","text":"\#(String(repeating: "y", count: 31))"},"deny":{"type":"plain_text","text":"n"}}}}]}"#, "confirm confirm is 31 long"),
        (#"{"type":"home","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"s"},"accessory":{"type":"button","action_id":"a","text":{"type":"plain_text","text":"b"},"confirm":{"title":{"type":"plain_text","text":"t"},"confirm":{"type":"plain_text","text":"y"},"deny":{"type":"plain_text","text":"n"}}}}]}"#, "confirm without text"),
    ])
    func catches(json: String, expected: String) {
        let violations = SlackLimitChecker.violations(inView: Data(json.utf8))
        #expect(violations.contains { $0.contains(expected) }, "\(violations)")
    }

    @Test("a valid modal and a valid Home tab pass")
    func passes() {
        let modal = Self.modal(
            title: String(repeating: "t", count: 24), extra: #""callback_id":"tenki.preferences","private_metadata":"channel=C1","#,
            blocks: Self.input + "," + Self.select(3, initial: "v1"))
        #expect(SlackLimitChecker.violations(inView: Data(modal.utf8)).isEmpty)
        let home = #"{"type":"home","blocks":[{"type":"header","text":{"type":"plain_text","text":"h"}},{"type":"section","text":{"type":"mrkdwn","text":"<#C1> · s"},"accessory":{"type":"button","action_id":"tenki.home.unsubscribe","text":{"type":"plain_text","text":"Remove"},"value":"1","style":"danger"}}]}"#
        #expect(SlackLimitChecker.violations(inView: Data(home.utf8)).isEmpty)
    }
}
