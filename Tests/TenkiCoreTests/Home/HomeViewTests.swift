import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

/// The Home tab and the modals carry the contract's fixed names, start on the user's settings,
/// and stay within their surface's limits however many subscriptions a user has.
@Suite("Home tab and modal views")
struct HomeViewTests {
    static let now = Date(timeIntervalSince1970: 1_796_083_200)

    static func json(_ view: SlackView) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try #require(try JSONSerialization.jsonObject(with: encoder.encode(view)) as? [String: Any])
    }

    static func subscription(
        _ id: Int64, channel: String = "C1", paused: String? = nil, title: String = "Da Nang, VN"
    ) -> Subscription {
        Subscription(
            id: id, team: "T1", channel: channel, kind: .morning(LocalTime(hour: 6, minute: 45)!, .weekdays), title: title,
            coordinates: Coordinates(latitude: 16.07, longitude: 108.22), timeZone: "Asia/Ho_Chi_Minh", language: .en,
            units: .metric,
            createdBy: "U1", createdAt: now, deadInARow: paused == nil ? 0 : 3, pausedReason: paused)
    }

    static func home(_ subscriptions: [Subscription], place: String? = "Da Nang", language: WeatherLanguage = .en) -> SlackView {
        HomeTab.view(
            preferences: .init(place: place, units: .imperial), team: .init(place: "Tokyo", units: .metric),
            subscriptions: subscriptions, now: now, language: language)
    }

    static func elements(_ view: [String: Any]) -> [[String: Any]] {
        (view["blocks"] as? [[String: Any]] ?? []).flatMap { block -> [[String: Any]] in
            (block["elements"] as? [[String: Any]] ?? [])
                + [block["accessory"] as? [String: Any], block["element"] as? [String: Any]].compactMap { $0 }
        }
    }

    @Test("the Home tab has the contract's buttons, and a remove button per subscription carrying its id")
    func homeButtons() throws {
        let view = try Self.json(Self.home([Self.subscription(7), Self.subscription(9, paused: "is_archived")]))
        #expect(view["type"] as? String == "home")
        let buttons = Self.elements(view).filter { $0["type"] as? String == "button" }
        let ids = buttons.compactMap { $0["action_id"] as? String }
        #expect(
            ids == [HomeIDs.preferencesAction, HomeIDs.subscribeAction, HomeIDs.unsubscribeAction, HomeIDs.unsubscribeAction])
        #expect(ids.prefix(2) == ["tenki.home.preferences", "tenki.home.subscribe"])
        #expect(buttons.suffix(2).compactMap { $0["value"] as? String } == ["7", "9"])
        // A removal asks first, naming the channel and the place.
        let dialog = try #require(buttons.last?["confirm"] as? [String: Any])
        #expect(dialog["style"] as? String == "danger")
        #expect(
            ((dialog["text"] as? [String: Any])?["text"] as? String)?.contains("<#C1> gets no more posts for *Da Nang, VN*")
                == true)
        #expect(buttons.prefix(2).allSatisfy { $0["confirm"] == nil })
        let text = String(decoding: try JSONSerialization.data(withJSONObject: view), as: UTF8.self)
        #expect(text.contains("is_archived"))
        #expect(text.contains("imperial (°F)"))
        #expect(SlackLimitChecker.violations(inView: view).isEmpty)
    }

    @Test("a paused subscription shows its reason and no next report")
    func pausedHasNoNext() throws {
        let text = String(
            decoding: try JSONEncoder().encode(Self.home([Self.subscription(1, paused: "not_in_channel")])), as: UTF8.self)
        #expect(text.contains("not_in_channel"))
        #expect(text.contains("Next: —"))
        let active = String(decoding: try JSONEncoder().encode(Self.home([Self.subscription(1)])), as: UTF8.self)
        #expect(active.contains("Next: 2026-12-02 06:45"))  // 07:00 in Da Nang: today's 06:45 has passed
    }

    @Test("150 subscriptions stay within 100 blocks, the rest counted", arguments: [90, 91, 92, 150])
    func manySubscriptions(count: Int) throws {
        let subscriptions = (1...count).map { Self.subscription(Int64($0)) }
        let view = try Self.json(Self.home(subscriptions))
        let blocks = view["blocks"] as? [[String: Any]] ?? []
        #expect(blocks.count <= SlackLimits.blocksPerView)
        #expect(SlackLimitChecker.violations(inView: view).isEmpty)
        let removes = Self.elements(view).filter { $0["action_id"] as? String == HomeIDs.unsubscribeAction }.count
        let text = String(decoding: try JSONSerialization.data(withJSONObject: view), as: UTF8.self)
        if removes < count {
            #expect(text.contains("and \(count - removes) more"))
        } else {
            #expect(!text.contains("more:"))
        }
    }

    @Test("outside words are escaped, and only a real channel id becomes a mention")
    func escapes() throws {
        let view = Self.home([Self.subscription(1, channel: "<!channel>", title: "A & <b>")], place: "*bold* <@U1>")
        let text = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
        #expect(!text.contains("<!channel>"))
        #expect(!text.contains("<@U1>"))
        #expect(text.contains("A &amp; &lt;b&gt;"))
        #expect(SlackLimitChecker.violations(inView: try Self.json(view)).isEmpty)
    }

    @Test("a user without a saved place is told the team's place answers")
    func noPlace() throws {
        let text = String(decoding: try JSONEncoder().encode(Self.home([], place: nil)), as: UTF8.self)
        #expect(text.contains("No place saved"))
        #expect(text.contains("alone answers for the team's"))
        #expect(text.contains("None yet"))
    }

    @Test("without a team place either, a user is told to set one, not promised the team's")
    func noPlaceAnywhere() throws {
        for language in WeatherLanguage.allCases {
            let view = HomeTab.view(
                preferences: .init(place: nil, units: nil), team: .init(place: nil, units: .metric), subscriptions: [],
                now: Self.now, language: language)
            let text = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
            #expect(!text.contains("answers for the team's") && !text.contains("チームの場所で答えます"), "\(language)")
            #expect(text.contains("alone answers for it") || text.contains("その場所の天気を答えます"), "\(language)")
        }
    }

    @Test("the preferences modal: callback tenki.preferences, blocks place and units, on the saved values")
    func preferencesModal() throws {
        let view = try Self.json(
            PreferencesModal(preferences: .init(place: "Hue", units: .imperial), teamUnits: .metric, language: .en).view)
        #expect(view["callback_id"] as? String == "tenki.preferences")
        let blocks = view["blocks"] as? [[String: Any]] ?? []
        #expect(blocks.compactMap { $0["block_id"] as? String } == ["place", "units"])
        let elements = blocks.compactMap { $0["element"] as? [String: Any] }
        #expect(elements[0]["initial_value"] as? String == "Hue")
        #expect((elements[1]["initial_option"] as? [String: Any])?["value"] as? String == "imperial")
        #expect(SlackLimitChecker.violations(inView: view).isEmpty)
        let teamUnits = try Self.json(PreferencesModal(preferences: .init(), teamUnits: .standard, language: .ja).view)
        let units = (teamUnits["blocks"] as? [[String: Any]])?.last?["element"] as? [String: Any]
        #expect((units?["initial_option"] as? [String: Any])?["value"] as? String == "standard")
    }

    @Test("the subscribe modal: callback tenki.subscribe, blocks place, channel, time, days, kind with their element types")
    func subscribeModal() throws {
        let view = try Self.json(SubscribeModal(place: nil, channel: nil, language: .en).view)
        #expect(view["callback_id"] as? String == "tenki.subscribe")
        let blocks = view["blocks"] as? [[String: Any]] ?? []
        #expect(blocks.compactMap { $0["block_id"] as? String } == ["place", "channel", "time", "days", "kind"])
        let elements = blocks.compactMap { $0["element"] as? [String: Any] }
        #expect(
            elements.compactMap { $0["type"] as? String } == [
                "plain_text_input", "conversations_select", "timepicker", "static_select", "static_select",
            ])
        #expect(elements[1]["default_to_current_conversation"] as? Bool == true)
        #expect(elements[1]["initial_conversation"] == nil)
        #expect(elements[2]["initial_time"] as? String == "07:30")
        #expect((elements[3]["initial_option"] as? [String: Any])?["value"] as? String == "daily")
        #expect((elements[4]["initial_option"] as? [String: Any])?["value"] as? String == "morning")
        #expect(SlackLimitChecker.violations(inView: view).isEmpty)
        let here = try Self.json(SubscribeModal(place: "Hue", channel: "C42", language: .en).view)
        let channel = (here["blocks"] as? [[String: Any]])?[1]["element"] as? [String: Any]
        #expect(channel?["initial_conversation"] as? String == "C42")
        #expect(channel?["default_to_current_conversation"] == nil)
    }

    @Test("titles, submit and close words fit in 24 characters", arguments: WeatherLanguage.allCases)
    func shortWords(language: WeatherLanguage) {
        let strings = ModalStrings.table(for: language)
        for words in [
            strings.preferencesTitle, strings.subscribeTitle, strings.save, strings.subscribe, strings.cancel, strings.close,
            strings.checkingTitle,
        ] {
            #expect(words.unicodeScalars.count <= SlackLimits.viewTitle, "\(words)")
        }
    }

    @Test("private_metadata carries the channel and zone, and reads anything else as absent")
    func metadata() {
        let metadata = ModalMetadata(channel: "C1", zone: "Asia/Ho_Chi_Minh")
        #expect(ModalMetadata(decoding: metadata.encoded) == metadata)
        #expect(ModalMetadata().encoded == nil)
        for hostile in [
            nil, "", "%%%", "channel=", "zone=a%20b", String(repeating: "x", count: 5000),
            "channel=\(String(repeating: "C", count: 100))",
        ] {
            #expect(ModalMetadata(decoding: hostile) == ModalMetadata())
        }
        let view = SlackView.modal(title: "t", blocks: [], privateMetadata: String(repeating: "m", count: 3001))
        #expect(view.privateMetadata == nil)
    }

    @Test("a view keeps at most 100 blocks and cuts a long title")
    func viewLimits() {
        let view = SlackView.modal(
            title: String(repeating: "t", count: 40), blocks: Array(repeating: .block(.divider), count: 150), submit: "s")
        #expect(view.blocks.count == 100)
        #expect(view.title?.text.unicodeScalars.count == 24)
    }
}
