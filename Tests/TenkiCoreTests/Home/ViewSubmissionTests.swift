import Foundation
@testable import TenkiCore
import Testing

/// `view_submission` payloads in Slack's documented shape become typed requests, every bad field
/// gets its message under its `block_id`, and hostile payloads are refused without crashing.
@Suite("View submissions")
struct ViewSubmissionTests {
    /// A payload as Slack documents it (trimmed of fields Tenki does not read).
    static func payload(callback: String = "tenki.subscribe", values: String) -> [UInt8] {
        Array(
            #"""
            {"type":"view_submission","team":{"id":"T0TENKI","domain":"tenki"},"user":{"id":"U0HOME","team_id":"T0TENKI"},
             "api_app_id":"A1","trigger_id":"123.456.abc","enterprise":null,
             "view":{"id":"V0MODAL","team_id":"T0TENKI","type":"modal","callback_id":"\#(callback)","hash":"1700000000.abc",
              "private_metadata":"channel=C0HERE&zone=Asia%2FTokyo","state":{"values":{\#(values)}}}}
            """#.utf8)
    }

    static func subscribe(
        place: String? = #""Da Nang""#, channel: String = #""selected_conversation":"C0CHAN""#,
        time: String = #""selected_time":"06:45""#,
        days: String = #""selected_option":{"text":{"type":"plain_text","text":"Weekdays"},"value":"weekdays"}"#,
        kind: String = "morning"
    ) -> [UInt8] {
        let place = place.map { #""place":{"place":{"type":"plain_text_input","value":\#($0)}},"# } ?? ""
        return payload(
            values: place + #"""
                "channel":{"channel":{"type":"conversations_select",\#(channel)}},
                "time":{"time":{"type":"timepicker",\#(time)}},
                "days":{"days":{"type":"static_select",\#(days)}},
                "kind":{"kind":{"type":"static_select","selected_option":{"text":{"type":"plain_text","text":"k"},"value":"\#(kind)"}}}
                """#)
    }

    static func read(_ bytes: [UInt8], language: WeatherLanguage = .en) throws -> Result<SubscriptionRequest, FieldErrors> {
        SubscriptionRequest.read(try ViewSubmission(json: bytes), language: language)
    }

    @Test("Slack's documented payload decodes: who, which view, its hash and metadata")
    func decodes() throws {
        let submission = try ViewSubmission(json: Self.subscribe())
        #expect(submission.callbackID == HomeIDs.subscribeCallback)
        #expect(submission.userID == "U0HOME")
        #expect(submission.teamID == "T0TENKI")
        #expect(submission.enterpriseID == nil)
        #expect(submission.viewID == "V0MODAL")
        #expect(submission.viewHash == "1700000000.abc")
        #expect(submission.triggerID == "123.456.abc")
        #expect(ModalMetadata(decoding: submission.privateMetadata) == ModalMetadata(channel: "C0HERE", zone: "Asia/Tokyo"))
        #expect(submission[.time]?.selectedTime == "06:45")
    }

    @Test("a good subscribe submission is a morning report request")
    func goodMorning() throws {
        let request = try Self.read(Self.subscribe()).get()
        #expect(
            request
                == SubscriptionRequest(
                    place: "Da Nang", channel: "C0CHAN", kind: .morning(LocalTime(hour: 6, minute: 45)!, .weekdays)))
    }

    @Test("a rain alert ignores the time and days, even missing or broken")
    func rainIgnoresTime() throws {
        let request = try Self.read(
            Self.subscribe(time: #""selected_time":"99:99""#, days: #""selected_option":null"#, kind: "rain")
        ).get()
        #expect(request.kind == .rain)
    }

    @Test("selected_channel (a channels_select) is read as well, and spaces in the place are tidied")
    func channelsSelect() throws {
        let request = try Self.read(Self.subscribe(place: #""  Da\n\tNang  ""#, channel: #""selected_channel":"G0PRIV""#)).get()
        #expect(request.channel == "G0PRIV")
        #expect(request.place == "Da Nang")
        // A bidirectional override is tidied like a control character: one space, or nothing at an end.
        let override = try Self.read(Self.subscribe(place: #""\u202E Da\u202ENang ""#, channel: #""selected_channel":"G0PRIV""#)).get()
        #expect(override.place == "Da Nang")
    }

    @Test(
        "each bad field is answered on its own block_id",
        arguments: [
            (subscribe(place: #""""#), ModalField.place, "Type a place"),
            (subscribe(place: #""   ""#), .place, "Type a place"),
            (subscribe(place: nil), .place, "Type a place"),
            (subscribe(place: #""%%% ???""#), .place, "letter or a digit"),
            (subscribe(place: "\"\(String(repeating: "a", count: 101))\""), .place, "at most 100"),
            (subscribe(channel: #""selected_conversation":null"#), .channel, "Choose a channel."),
            (subscribe(channel: #""selected_conversation":"D0DIRECT""#), .channel, "direct messages"),
            (subscribe(channel: #""selected_conversation":"C1<!here>""#), .channel, "direct messages"),
            (subscribe(time: #""selected_time":null"#), .time, "Choose a time"),
            (subscribe(time: #""selected_time":"25:00""#), .time, "“25:00” is not a time"),
            (subscribe(time: #""selected_time":"7:30""#), .time, "is not a time"),
            (subscribe(time: #""selected_time":"ab:cd""#), .time, "is not a time"),
            (subscribe(time: #""selected_time":1930"#), .time, "Choose a time"),
            (subscribe(days: #""selected_option":null"#), .days, "Choose one"),
            (subscribe(days: #""selected_option":{"value":"fortnightly"}"#), .days, "Choose one"),
            (subscribe(kind: "hail"), .kind, "Choose one"),
        ])
    func badField(payload: [UInt8], field: ModalField, expected: String) throws {
        let errors = try #require(try Self.read(payload).failure)
        #expect(errors.messages.keys.contains(field))
        #expect(errors.messages[field]?.contains(expected) == true, "\(errors.messages)")
    }

    @Test("every bad field at once, in Japanese too")
    func severalErrors() throws {
        let bytes = Self.subscribe(place: #""""#, channel: #""selected_conversation":"""#, time: #""selected_time":"24:00""#)
        let errors = try #require(try Self.read(bytes, language: .ja).failure)
        #expect(Set(errors.messages.keys) == [.place, .channel, .time])
        #expect(errors.messages[.place] == ModalStrings.japanese.placeMissing)
    }

    @Test("preferences: a place and units; an empty place forgets the saved one; units are required")
    func preferences() throws {
        func read(_ place: String, _ units: String) throws -> Result<PreferencesRequest, FieldErrors> {
            let values =
                #""place":{"place":{"type":"plain_text_input","value":\#(place)}},"units":{"units":{"type":"static_select","selected_option":\#(units)}}"#
            return PreferencesRequest.read(
                try ViewSubmission(json: Self.payload(callback: "tenki.preferences", values: values)), language: .en)
        }
        #expect(try read(#""Hue""#, #"{"value":"imperial"}"#).get() == PreferencesRequest(place: "Hue", units: .imperial))
        #expect(try read("null", #"{"value":"metric"}"#).get() == PreferencesRequest(place: nil, units: .metric))
        #expect(try read(#"" ""#, #"{"value":"metric"}"#).get() == PreferencesRequest(place: nil, units: .metric))
        #expect(try #require(try read(#""Hue""#, "null").failure).messages.keys.contains(.units))
        #expect(try #require(try read(#""Hue""#, #"{"value":"furlongs"}"#).failure).messages.keys.contains(.units))
        #expect(try #require(try read(#""???""#, #"{"value":"metric"}"#).failure).messages.keys.contains(.place))
    }

    @Test(
        "malformed payloads are refused, never a crash",
        arguments: [
            ("", ViewSubmission.Problem.notJSON),
            ("[1,2]", .notJSON),
            ("{\"type\":\"view_submission\"", .notJSON),
            (String(repeating: "[", count: 100_000), .notJSON),
            (#"{"type":"block_actions","user":{"id":"U1"},"view":{"callback_id":"x"}}"#, .notViewSubmission),
            (#"{"type":7}"#, .notViewSubmission),
            (#"{"type":"view_submission","view":{"callback_id":"x"}}"#, .missing("user.id")),
            (#"{"type":"view_submission","user":{"id":""},"view":{"callback_id":"x"}}"#, .missing("user.id")),
            (#"{"type":"view_submission","user":"U1","view":{"callback_id":"x"}}"#, .missing("user.id")),
            (#"{"type":"view_submission","user":{"id":"U1"},"view":{"callback_id":null}}"#, .missing("view.callback_id")),
            (#"{"type":"view_submission","user":{"id":"U1"},"view":[]}"#, .missing("view.callback_id")),
        ])
    func malformed(json: String, problem: ViewSubmission.Problem) {
        #expect(throws: problem) { try ViewSubmission(json: Array(json.utf8)) }
    }

    @Test(
        "state of the wrong shape reads as empty fields, answered on the fields",
        arguments: [
            #""state":{"values":"nope"}"#,
            #""state":{"values":{"place":[],"channel":{"channel":"C1"},"time":{"time":{"selected_time":["07:30"]}}}}"#,
            #""state":{"values":{"kind":{"kind":{"selected_option":"morning"}},"days":{"days":{"selected_options":[1,null,{"value":2}]}}}}"#,
            #""state":null"#,
        ])
    func wrongShapes(state: String) throws {
        let json = #"{"type":"view_submission","user":{"id":"U1"},"view":{"callback_id":"tenki.subscribe",\#(state)}}"#
        let submission = try ViewSubmission(json: Array(json.utf8))
        let errors = try #require(SubscriptionRequest.read(submission, language: .en).failure)
        #expect(errors.messages.keys.contains(.place))
        #expect(errors.messages.keys.contains(.kind))
        #expect(try #require(PreferencesRequest.read(submission, language: .en).failure).messages.keys.contains(.units))
    }

    @Test("checkboxes' selected_options are read as a list of values")
    func checkboxes() throws {
        let bytes = Self.payload(
            values: #""days":{"days":{"type":"checkboxes","selected_options":[{"value":"mon"},{"value":"tue"}]}}"#)
        #expect(try ViewSubmission(json: bytes)[.days]?.selectedOptions == ["mon", "tue"])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
