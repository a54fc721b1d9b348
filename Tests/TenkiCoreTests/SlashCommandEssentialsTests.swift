import Testing

@testable import TenkiCore

/// `SlashCommandEssentials(formBody:)` is the listener's shortcut past the full decoding. It must
/// never accept what the full path refuses, and must agree with it where both accept.
@Suite("SlashCommandEssentials")
struct SlashCommandEssentialsTests {
    /// What the full path makes of a body: the payload's essentials, nil when it refuses the body or
    /// would not look for a stored answer (an `ssl_check` ping).
    static func fullPath(_ body: [UInt8]) -> SlashCommandEssentials? {
        guard let form = try? FormURLEncoded.decode(body), let payload = try? SlashCommandPayload(form: form),
              !payload.sslCheck else { return nil }
        return payload.essentials
    }

    static func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let commandBodies = [
        "slack_slash_command_body_official_signature_example.txt",
        "slack_slash_command_bolt_js_fixture_enterprise_empty_text.txt",
        "slack_slash_command_captured_dm_is_enterprise_install_false.txt",
        "slack_slash_command_docs_example_enterprise_DERIVED_single_line.txt",
        "mattermost_slash_command_docs_example_DERIVED_single_line_body.txt",
    ]

    @Test(arguments: commandBodies)
    func agreesWithTheFullDecodingOnRecordedBodies(file: String) throws {
        let bytes = try Fixtures.bytes(file).filter { $0 != 0x0A && $0 != 0x0D }
        let expected = try #require(Self.fullPath(bytes))
        #expect(SlashCommandEssentials(formBody: bytes) == expected)
    }

    @Test func readsTheFieldsAStoredAnswerDependsOn() {
        let essentials = SlashCommandEssentials(formBody: Self.body(
            "token=x&team_id=T1&enterprise_id=E1&user_id=U1&command=%2Fweather&text=%E6%9D%B1%E4%BA%AC+f&response_url=https%3A%2F%2Fh"))
        #expect(essentials == SlashCommandEssentials(command: "/weather", text: "東京 f", userID: "U1", teamID: "T1", enterpriseID: "E1"))
    }

    @Test func absentTextIsEmptyAndAbsentTeamIsNil() {
        let essentials = SlashCommandEssentials(formBody: Self.body("command=/weather&user_id=U1"))
        #expect(essentials == SlashCommandEssentials(command: "/weather", text: "", userID: "U1", teamID: nil, enterpriseID: nil))
    }

    /// Each of these the full path refuses (or answers without a stored answer); the shortcut must say nil.
    @Test(arguments: [
        "command=/weather&user_id=U1&text=%zz",  // a broken escape in a field it reads
        "command=/weather&user_id=U1&channel_name=%4",  // a broken escape in a field it skips
        "command=/weather&user_id=U1&unknown=%FF",  // not UTF-8 once decoded, in an unknown field
        "command=/weather&user_id=U1&text=%C3",  // a truncated UTF-8 sequence
        "command=/weather&user_id=U1&user_id=U2",  // a repeated known field
        "command=/weather&user_id=U1&channel_id=C1&channel_id=C2",  // repeated, though not read here
        "command=/weather&user_id=U1&is_enterprise_install=yes",  // not a boolean
        "command=/weather&user_id=U1&ssl_check=1",  // Slack's ping: the full path answers it
        "command=/weather&user_id=U1&ssl_check=maybe",
        "command=&user_id=U1", "user_id=U1", "command=/weather&user_id=", "command=/weather",
        "",
    ])
    func refusesWhatTheFullPathRefuses(text: String) {
        #expect(Self.fullPath(Self.body(text)) == nil)
        #expect(SlashCommandEssentials(formBody: Self.body(text)) == nil)
    }

    /// Valid, but rare enough to leave to the full path: an escaped field name.
    @Test func leavesEscapedFieldNamesToTheFullPath() {
        let body = Self.body("comm%61nd=/weather&user_id=U1")
        #expect(Self.fullPath(body) != nil)
        #expect(SlashCommandEssentials(formBody: body) == nil)
    }

    @Test func acceptsWhatTheFullPathAccepts() {
        for text in [
            "command=/weather&user_id=U1&ssl_check=0", "command=/weather&user_id=U1&is_enterprise_install=true",
            "&&command=/weather&&user_id=U1&", "command=/weather&user_id=U1&text", "command=/weather&user_id=U1&flag",
            "command=/weather&user_id=U1&other=%E2%9C%93&other=again",
        ] {
            let body = Self.body(text)
            #expect(SlashCommandEssentials(formBody: body) == Self.fullPath(body), "\(text)")
            #expect(SlashCommandEssentials(formBody: body) != nil, "\(text)")
        }
    }

    /// Thousands of bodies mutated from the recorded ones (bytes replaced, inserted, removed; pieces
    /// that matter to the decoder, such as `%`, `&`, `=`, `+` and bytes over 0x7F, preferred): the
    /// shortcut is nil or equal to the full path, and never accepts what the full path refuses.
    @Test func neverDisagreesWithTheFullPathOnMutatedBodies() throws {
        var random = SplitMix64(seed: 0x7E4C1)
        let seeds = try Self.commandBodies.map { try Fixtures.bytes($0).filter { $0 != 0x0A && $0 != 0x0D } }
        let interesting: [UInt8] = Array("%&=+0aF".utf8) + [0x80, 0xC3, 0xE6, 0xFF, 0x00]
        var acceptedByBoth = 0
        for round in 0..<4000 {
            var body = seeds[round % seeds.count]
            for _ in 0...(random.next() % 4) {
                let position = Int(random.next() % UInt64(body.count + 1))
                let byte = random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next())
                switch random.next() % 3 {
                case 0 where position < body.count: body[position] = byte
                case 1: body.insert(byte, at: position)
                default: if position < body.count { body.remove(at: position) }
                }
            }
            let fast = SlashCommandEssentials(formBody: body)
            let full = Self.fullPath(body)
            if let fast {
                #expect(fast == full, "body: \(String(decoding: body, as: UTF8.self))")
                acceptedByBoth += 1
            }
        }
        #expect(acceptedByBoth > 1000)  // the mutations leave most bodies valid: the agreement is tested, not vacuous
    }
}

@Suite("FormURLEncoded.isPlain")
struct FormPlainScanTests {
    /// The eight-bytes-at-a-time scan sees a special byte at every offset, in the words and in the tail.
    @Test(arguments: [UInt8(ascii: "%"), UInt8(ascii: "+"), 0x80, 0xC3, 0xFF])
    func findsASpecialByteAtEveryOffset(special: UInt8) {
        for length in 1...20 {
            for offset in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[offset] = special
                let plain = bytes.withUnsafeBufferPointer { buffer in
                    (FormURLEncoded.isPlain(buffer, 0..<length, plusIsSpecial: true),
                     FormURLEncoded.isPlain(buffer, 0..<length, plusIsSpecial: false))
                }
                #expect(plain.0 == false, "length \(length) offset \(offset)")
                #expect(plain.1 == (special == UInt8(ascii: "+")), "length \(length) offset \(offset)")
            }
        }
    }

    @Test func plainTextIsPlainAndRangesAreRespected() {
        let bytes = Array("%abcdefghijklmnopqrstuvwxyz0123456789-_.~*=%".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(FormURLEncoded.isPlain(buffer, 1..<(buffer.count - 1), plusIsSpecial: true))
            #expect(!FormURLEncoded.isPlain(buffer, 0..<(buffer.count - 1), plusIsSpecial: true))
            #expect(!FormURLEncoded.isPlain(buffer, 1..<buffer.count, plusIsSpecial: true))
            #expect(FormURLEncoded.isPlain(buffer, 3..<3, plusIsSpecial: true))
        }
    }
}
