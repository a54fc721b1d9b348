import Testing

@testable import TenkiCore

@Suite("SlashCommandPayload")
struct SlashCommandPayloadTests {
    /// What each recorded body must decode to. Every single-line command body in Tests/Fixtures has a row.
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var command: String
        var text: String
        var userID: String
        var teamID: String?
        var enterpriseID: String?
        var enterpriseName: String?
        var isEnterpriseInstall: Bool
        var responseURL: String?
        var channelName: String?
        var apiAppID: String?
        var description: String { file }
    }

    static let expectations: [Expectation] = [
        Expectation(
            file: "slack_slash_command_body_official_signature_example.txt", command: "/webhook-collect", text: "",
            userID: "U2CERLKJA", teamID: "T1DC2JH3J", isEnterpriseInstall: false,
            responseURL: "https://hooks.slack.com/commands/T1DC2JH3J/397700885554/96rGlfmibIGlgcZRskXaIFfN",
            channelName: "foobar"),
        Expectation(
            file: "slack_slash_command_bolt_js_fixture_enterprise_empty_text.txt", command: "/hello-bolt-js",
            text: "", userID: "W111", teamID: "T111", enterpriseID: "E111", enterpriseName: "Sandbox Org",
            isEnterpriseInstall: false, responseURL: "https://hooks.slack.com/commands/T111/111/xxx",
            channelName: "random", apiAppID: "A111"),
        Expectation(
            file: "slack_slash_command_captured_dm_is_enterprise_install_false.txt", command: "/ask-eon",
            text: "wasssssup", userID: "U047U737LHL", teamID: "T012TSW2ML3", isEnterpriseInstall: false,
            responseURL: "https://hooks.slack.com/commands/T012TSW2ML3/5059644844567/HXdemHTk1RmQUfWH5ktKju9B",
            channelName: "directmessage", apiAppID: "A052UG2R140"),
        Expectation(
            file: "slack_slash_command_docs_example_enterprise_DERIVED_single_line.txt", command: "/weather",
            text: "94070", userID: "U2147483697", teamID: "T0001", enterpriseID: "E0001",
            enterpriseName: "Globular Construct Inc", isEnterpriseInstall: false,
            responseURL: "https://hooks.slack.com/commands/1234/5678", channelName: "test", apiAppID: "A123456"),
        Expectation(
            file: "mattermost_slash_command_docs_example_DERIVED_single_line_body.txt", command: "/somecommand",
            text: "hello world", userID: "c3a4cqe3dfy6dgopqt8ai3hydh", teamID: "rdc9bgriktyx9p4kowh3dmgqyc",
            isEnterpriseInstall: false, responseURL: "not supported yet", channelName: "town-square"),
    ]

    @Test(arguments: expectations)
    func decodesRecordedBodies(expected: Expectation) throws {
        let bytes = try Fixtures.bytes(expected.file)
        let form = try FormURLEncoded.decode(bytes)
        let payload = try SlashCommandPayload(form: form)
        #expect(payload.command == expected.command)
        #expect(payload.text == expected.text)
        #expect(payload.userID == expected.userID)
        #expect(payload.teamID == expected.teamID)
        #expect(payload.enterpriseID == expected.enterpriseID)
        #expect(payload.enterpriseName == expected.enterpriseName)
        #expect(payload.isEnterpriseInstall == expected.isEnterpriseInstall)
        #expect(payload.responseURL == expected.responseURL)
        #expect(payload.channelName == expected.channelName)
        #expect(payload.apiAppID == expected.apiAppID)
        #expect(payload.sslCheck == false)
        #expect(payload.rawFields.count == form.count)
    }

    @Test(arguments: SlashCommandPayload.KnownField.allCases)
    func knownFieldNamesAreTheirFieldsAndNearMissesAreNot(field: SlashCommandPayload.KnownField) {
        #expect(SlashCommandPayload.KnownField(name: field.name) == field)
        // The same length, one byte off at the start, in the middle and at the end.
        let bytes = Array(field.name.utf8)
        for index in [0, bytes.count / 2, bytes.count - 1] {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(SlashCommandPayload.KnownField(name: String(decoding: changed, as: UTF8.self)) == nil)
        }
        #expect(SlashCommandPayload.KnownField(name: field.name + "x") == nil)
        #expect(SlashCommandPayload.KnownField(name: String(field.name.dropLast())) == nil)
    }

    @Test func everyRecordedBodyHasAnExpectation() throws {
        let bodies = try Fixtures.names().filter {
            ($0.hasPrefix("slack_slash_command_") || $0.hasPrefix("mattermost_slash_command_"))
                && $0.hasSuffix(".txt") && !$0.contains("headers") && !$0.contains("multiline")
        }
        #expect(Set(bodies) == Set(Self.expectations.map(\.file)))
    }

    @Test func recordedBodyKeepsEveryField() throws {
        let form = try FormURLEncoded.decode(try Fixtures.bytes("slack_slash_command_body_official_signature_example.txt"))
        let payload = try SlashCommandPayload(form: form)
        #expect(payload.token == "xyzz0WbapA4vBCDEFasx0q6G")
        #expect(payload.teamDomain == "testteamnow")
        #expect(payload.channelID == "G8PSS9T3V")
        #expect(payload.userName == "roadrunner")
        #expect(payload.triggerID == "398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c")
    }

    private static func payload(_ body: String) throws -> SlashCommandPayload {
        try SlashCommandPayload(form: FormURLEncoded.decode(Array(body.utf8)))
    }

    @Test func sslCheckNeedsNoCommandOrUser() throws {
        let payload = try Self.payload("ssl_check=1&token=abc")
        #expect(payload.sslCheck)
        #expect(payload.command == "")
        #expect(payload.userID == "")
        #expect(payload.token == "abc")
    }

    @Test func enterpriseInstallTrue() throws {
        #expect(try Self.payload("command=%2Fweather&user_id=U1&is_enterprise_install=true").isEnterpriseInstall)
    }

    @Test(arguments: [
        ("user_id=U1&text=x", SlashCommandPayloadError.missingField("command")),
        ("command=&user_id=U1", .missingField("command")),
        ("command=%2Fweather&text=x", .missingField("user_id")),
        ("command=%2Fweather&user_id=", .missingField("user_id")),
        ("", .missingField("command")),
        ("ssl_check=0&user_id=U1", .missingField("command")),
        ("command=%2Fweather&user_id=U1&command=%2Fnews", .duplicateField("command")),
        ("command=%2Fweather&user_id=U1&response_url=a&response_url=b", .duplicateField("response_url")),
        ("command=%2Fweather&user_id=U1&is_enterprise_install=yes", .invalidBoolean("is_enterprise_install")),
        ("command=%2Fweather&user_id=U1&is_enterprise_install=", .invalidBoolean("is_enterprise_install")),
        ("ssl_check=true", .invalidBoolean("ssl_check")),
    ])
    func rejects(body: String, error: SlashCommandPayloadError) {
        #expect(throws: error) { try Self.payload(body) }
        #expect(throws: error) { try SlashCommandPayload.decoding(formBody: Array(body.utf8)) }
    }

    /// The one-pass decode is the two-step one: the same payload, or the same error (a form error
    /// anywhere in the body before a duplicate field; an escaped known name is still that field).
    @Test(arguments: [
        "token=gIkuvaNzQIHg97ATvDxqgjtO&team_id=T0001&team_domain=example&channel_id=C2147483705"
            + "&channel_name=general&user_id=U2147483697&user_name=steve&command=%2Fweather&text=danang"
            + "&api_app_id=A123456&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2F1234%2F5678"
            + "&trigger_id=13345224609.738474920.8088930838d88f008e0",
        "command=%2Fweather&user%5Fid=U1&text=+%E6%9D%B1%E4%BA%AC++&&future=1&x",
        "command=%2Fweather&user_id=U1&user%5Fid=U2",
        "command=%2Fweather&user_id=U1&command=%2Fnews&text=%zz",
        "command=%2Fweather&user_id=U1&text=%FF",
        "ssl_check=1",
        "command=%2Fweather&user_id=U1&is_enterprise_install=true&ssl_check=0",
    ])
    func formBodyMatchesDecodeThenForm(body: String) {
        let twoSteps = Result { () throws(SlashCommandPayloadError) in
            do {
                return try SlashCommandPayload(form: try FormURLEncoded.decode(Array(body.utf8)))
            } catch let error as FormDecodingError {
                throw .form(error)
            } catch let error as SlashCommandPayloadError {
                throw error
            } catch {
                fatalError("untyped error \(error)")
            }
        }
        let onePass = Result { () throws(SlashCommandPayloadError) in
            try SlashCommandPayload.decoding(formBody: Array(body.utf8))
        }
        #expect(onePass == twoSteps)
    }

    @Test func unknownFieldsAreKeptAndIgnored() throws {
        let payload = try Self.payload("command=%2Fweather&user_id=U1&future=1&future=2")
        #expect(payload.command == "/weather")
        #expect(payload.rawFields.map(\.name) == ["command", "user_id", "future", "future"])
    }

    @Test func textIsKeptVerbatim() throws {
        #expect(try Self.payload("command=%2Fweather&user_id=U1&text=+%E6%9D%B1%E4%BA%AC++").text == " 東京  ")
        #expect(try Self.payload("command=%2Fweather&user_id=U1").text == "")
    }

    @Test func builtPayloadRoundTripsThroughTheForm() throws {
        let built = SlashCommandPayload(
            command: "/weather", text: "Đà Nẵng & 東京", userID: "U1", teamID: "T1", enterpriseID: "E1",
            responseURL: "https://hooks.slack.com/commands/T1/1/x", isEnterpriseInstall: true)
        let body = FormURLEncoded.encode(built.rawFields.map { ($0.name, $0.value) })
        #expect(try Self.payload(body) == built)
    }

    /// The fields read on demand stay in the body when plain; read back, each is what the two-step
    /// decode makes, escaped or not, and a value set afterwards replaces the body's.
    @Test func fieldsReadOnDemandMatchTheTwoStepDecode() throws {
        let body =
            "token=gIkuvaNzQIHg97ATvDxqgjtO&team_domain=ex%41mple&channel_name=general&user_name=st+eve"
            + "&command=%2Fweather&user_id=U1&trigger_id=1.2.3&api_app_id=&enterprise_name=Globular+Inc&future=x"
        var payload = try SlashCommandPayload.decoding(formBody: Array(body.utf8))
        let twoSteps = try SlashCommandPayload(form: FormURLEncoded.decode(Array(body.utf8)))
        #expect(payload == twoSteps)
        #expect(payload.token == "gIkuvaNzQIHg97ATvDxqgjtO")
        #expect(payload.teamDomain == "exAmple")
        #expect(payload.channelName == "general")
        #expect(payload.userName == "st eve")
        #expect(payload.triggerID == "1.2.3")
        #expect(payload.apiAppID == "")
        #expect(payload.enterpriseName == "Globular Inc")
        #expect(payload.rawFields.map(\.name).last == "future")
        payload.token = "replaced"
        payload.triggerID = nil
        #expect(payload.token == "replaced")
        #expect(payload.triggerID == nil)
        #expect(payload.channelName == "general")
    }
}
