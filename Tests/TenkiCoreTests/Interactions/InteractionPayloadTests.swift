import Foundation
import Testing
@testable import TenkiCore

@Suite("Slack interaction payloads")
struct InteractionPayloadTests {
    static func form(_ json: String) -> [UInt8] {
        Array(FormURLEncoded.encode([("payload", json)]).utf8)
    }

    @Test("a press on a message in a channel: its action, value, user, team and response_url")
    func inChannel() throws {
        let json = String(decoding: try Fixtures.bytes("slack_block_actions_button_in_channel_DERIVED_docs_shape.json"), as: UTF8.self)
        let payload = try InteractionPayload(formBody: Self.form(json))
        #expect(payload.type == "block_actions")
        #expect(payload.action == .init(actionID: "example.forecast", value: "{\"v\":\"forecast\"}"))
        #expect(payload.userID == "U0EXAMPLE1" && payload.teamID == "T0EXAMPLE1" && payload.channelID == "C0EXAMPLE1")
        #expect(payload.responseURL == "https://hooks.slack.com/actions/T0EXAMPLE/1234567890123/AbCdEfGhIjKlMnOpQrStUvWx")
        #expect(!payload.isEphemeral)
    }

    @Test("a press on an ephemeral message has no message, and says so in its container")
    func ephemeral() throws {
        let json = String(decoding: try Fixtures.bytes("slack_block_actions_button_ephemeral_DERIVED_docs_shape.json"), as: UTF8.self)
        let payload = try InteractionPayload(formBody: Self.form(json))
        #expect(payload.isEphemeral)
        #expect(payload.action?.actionID == "example.refresh")
    }

    @Test("a menu choice carries the selected option's value")
    func staticSelect() throws {
        let json = String(decoding: try Fixtures.bytes("slack_block_actions_static_select_DERIVED_docs_shape.json"), as: UTF8.self)
        let payload = try InteractionPayload(formBody: Self.form(json))
        #expect(payload.action == .init(actionID: "example.place", value: "45.52,-122.68,Portland, Oregon, US"))
    }

    @Test("no payload field, JSON that is not an object, or no type: each refused with its reason")
    func refused() {
        #expect(throws: InteractionPayload.DecodingError.missingPayload) {
            try InteractionPayload(formBody: Array("command=%2Fweather".utf8))
        }
        #expect(throws: InteractionPayload.DecodingError.payloadNotJSON) { try InteractionPayload(formBody: Self.form("{not json")) }
        #expect(throws: InteractionPayload.DecodingError.payloadNotJSON) { try InteractionPayload(formBody: Self.form("[1,2]")) }
        #expect(throws: InteractionPayload.DecodingError.missingType) { try InteractionPayload(formBody: Self.form("{\"actions\":[]}")) }
        #expect(throws: InteractionPayload.DecodingError.missingType) { try InteractionPayload(formBody: Self.form("{\"type\":\"\"}")) }
    }

    @Test("other payload types are read, with no action")
    func otherTypes() throws {
        let payload = try InteractionPayload(formBody: Self.form("{\"type\":\"shortcut\",\"callback_id\":\"x\"}"))
        #expect(payload.type == "shortcut" && payload.action == nil)
    }
}
