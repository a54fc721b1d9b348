import Foundation
import Testing
@testable import TenkiApp
@testable import TenkiDelivery
import TenkiBase
import TenkiCore

/// `CompactJSONEncoder` writes what Foundation's `JSONEncoder` writes with sorted keys and unescaped
/// slashes, byte for byte: over every message Tenki sends, on every platform, and over random text.
@Suite("Compact JSON encoder")
struct CompactJSONEncoderTests {
    static func foundation(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func expectSame(_ value: some Encodable, _ label: String) throws {
        let compact = try CompactJSONEncoder().encode(value)
        let expected = try foundation(value)
        #expect(compact == expected, "\(label):\n\(String(decoding: compact, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
    }

    /// A few of every kind of message, as Slack, Mattermost, Discord and Google Chat get them.
    static func chatMessages(_ language: WeatherLanguage) -> [(String, ChatMessage)] {
        let weather = WeatherMessageFormatter(language: language)
        let news = NewsMessageFormatter(language: language)
        let notices = NoticeMessages(language: language)
        return [
            ("current", weather.current(MessageSamples.currentCases[2].1, place: MessageSamples.danang, now: MessageSamples.now)),
            ("forecast", ForecastMessageFormatter(language: language).forecast(MessageSamples.days, placeTitle: "Da Nang, VN", units: .metric)),
            ("news", news.articles((0..<4).map { MessageSamples.article($0, image: $0 % 2 == 0) }, topic: .headlines(nil), now: MessageSamples.now)),
            ("help", notices.weatherHelp()),
            ("error", notices.failure(.placeNotFound(query: #"Da "Nang" \ 東京/x"#), service: .weather)),
        ]
    }

    @Test("every golden Slack message, and every platform's rendering of each kind, encodes to Foundation's bytes")
    func everyMessage() throws {
        for language in WeatherLanguage.allCases {
            for (name, message) in MessageGoldenTests.messages(language) {
                try Self.expectSame(message, "\(name).\(language)")
            }
            for (name, message) in Self.chatMessages(language) {
                try Self.expectSame(message.slack, "slack \(name).\(language)")
                try Self.expectSame(MattermostRenderer.render(message), "mattermost \(name).\(language)")
                try Self.expectSame(message.discord, "discord \(name).\(language)")
                try Self.expectSame(DiscordInteractionResponse.message(message.discord), "discord response \(name).\(language)")
                try Self.expectSame(message.googleChat, "google chat \(name).\(language)")
                try Self.expectSame(ChatPostMessage(channel: "C0123", message: message.slack), "chat.postMessage \(name).\(language)")
            }
        }
    }

    @Test("random text, control characters and all, is escaped as Foundation escapes it", arguments: 0..<4)
    func randomText(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let pieces = MessageLimitPropertyTests.alphabet + ["\"", "\\", "/", "\u{7F}", "\u{2028}", "\r\n", "\t", "\u{08}", "\u{0C}"]
            + (0..<32).map { String(UnicodeScalar(UInt8($0))) }
        for _ in 0..<200 {
            let length = Int.random(in: 0...24, using: &random)
            let text = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
            try Self.expectSame(SlackMessage(text: text, responseType: .ephemeral), "text \(text.debugDescription)")
        }
    }

    struct Mixed: Encodable {
        var integer = -42
        var unsigned: UInt64 = .max
        var small: Int8 = -8
        var numbers: [Double] = [0, -0.0, 0.5, 2, -3.25, 1e20, 1e-7, 123_456_789.125, .pi, 1.7976931348623157e308]
        var single: Float = 0.1
        var flag = true
        var missing: String? = nil
        var present: String? = "here"
        var nested: [String: [Int]] = ["b": [1, 2], "a": [], "_c": [3]]
        var empty: [String] = []

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(integer, forKey: .integer)
            try container.encode(unsigned, forKey: .unsigned)
            try container.encode(small, forKey: .small)
            try container.encode(numbers, forKey: .numbers)
            try container.encode(single, forKey: .single)
            try container.encode(flag, forKey: .flag)
            try container.encodeIfPresent(missing, forKey: .missing)
            try container.encodeIfPresent(present, forKey: .present)
            try container.encodeNil(forKey: .null)
            try container.encode(nested, forKey: .nested)
            try container.encode(empty, forKey: .empty)
            try container.encode("first", forKey: .twice)
            try container.encode("second", forKey: .twice)
            var unkeyed = container.nestedUnkeyedContainer(forKey: .list)
            try unkeyed.encode("x")
            try unkeyed.encodeNil()
            var inner = unkeyed.nestedContainer(keyedBy: Key.self)
            try inner.encode(1, forKey: .integer)
        }

        enum Key: String, CodingKey {
            case integer, unsigned, small, numbers, single, flag, missing, present, null, nested, empty, twice, list
        }
    }

    @Test("numbers, nil, nested containers and a key written twice come out as Foundation writes them")
    func mixedValues() throws {
        try Self.expectSame(Mixed(), "mixed")
        try Self.expectSame([Mixed(), Mixed()], "array of mixed")
        try Self.expectSame("a bare string", "fragment")
    }

    @Test("infinity and NaN are refused, as JSON cannot hold them")
    func nonFinite() {
        #expect(throws: EncodingError.self) { try CompactJSONEncoder().encode([Double.infinity]) }
        #expect(throws: EncodingError.self) { try CompactJSONEncoder().encode(["x": Double.nan]) }
    }
}
