import Foundation
import Testing
@testable import TenkiCore

@Suite("Subscription command language")
struct SubscriptionCommandTests {
    static func time(_ hour: Int, _ minute: Int) -> LocalTime { LocalTime(hour: hour, minute: minute)! }

    static let times: [(String, LocalTime?)] = [
        ("7:30", time(7, 30)), ("07:30", time(7, 30)), ("7am", time(7, 0)), ("7:30am", time(7, 30)), ("7pm", time(19, 0)),
        ("12am", time(0, 0)), ("12pm", time(12, 0)), ("19:05", time(19, 5)), ("7時", time(7, 0)), ("7時30分", time(7, 30)),
        ("19時", time(19, 0)), ("７：３０", time(7, 30)), ("0:00", time(0, 0)), ("23:59", time(23, 59)),
    ]

    @Test("times Tenki reads", arguments: times)
    func readsTimes(_ word: String, _ expected: LocalTime?) {
        #expect(LocalTime.read(word) == expected.map(LocalTime.Reading.time))
    }

    @Test("words shaped like a time that are not one are refused, not taken as a place",
          arguments: ["25:00", "7:75", "13pm", "0am", "7:3", "24:00", "99:99"])
    func refusesImpossibleTimes(_ word: String) {
        #expect(LocalTime.read(word) == .invalid)
        #expect(SubscriptionCommand(text: "subscribe Danang \(word)") == .invalid(.invalidTime(word)))
    }

    @Test("words that are not times", arguments: ["Danang", "7", "Route", "spam", "am", "時間"])
    func wordsAreNotTimes(_ word: String) {
        #expect(LocalTime.read(word) == .notATime)
    }

    static let commands: [(String, SubscriptionCommand?)] = [
        ("subscribe Danang", .subscribe(.init(place: "Danang"))),
        ("subscribe Da Nang at 6:45", .subscribe(.init(place: "Da Nang", time: time(6, 45)))),
        ("subscribe Danang at 7", .subscribe(.init(place: "Danang", time: time(7, 0)))),
        ("subscribe Danang 7am weekdays", .subscribe(.init(place: "Danang", time: time(7, 0), days: .weekdays))),
        ("subscribe Danang at 7:00 Asia/Ho_Chi_Minh", .subscribe(.init(place: "Danang", time: time(7, 0), zone: "Asia/Ho_Chi_Minh"))),
        ("subscribe New York 06:30 daily America/New_York",
         .subscribe(.init(place: "New York", time: time(6, 30), days: .daily, zone: "America/New_York"))),
        ("SUBSCRIBE Tokyo UTC", .subscribe(.init(place: "Tokyo", zone: "UTC"))),
        ("subscribe rain Danang", .subscribeRain(place: "Danang")),
        ("subscribe rain Ho Chi Minh City", .subscribeRain(place: "Ho Chi Minh City")),
        ("購読 東京 7時30分 平日", .subscribe(.init(place: "東京", time: time(7, 30), days: .weekdays))),
        ("購読 ダナン", .subscribe(.init(place: "ダナン"))),
        ("購読 雨 大阪", .subscribeRain(place: "大阪")),
        ("購読一覧", .list),
        ("subscriptions", .list),
        ("unsubscribe 3", .unsubscribe(.id(3))),
        ("unsubscribe #12", .unsubscribe(.id(12))),
        ("unsubscribe Da Nang", .unsubscribe(.place("Da Nang"))),
        ("unsubscribe all", .unsubscribe(.all)),
        ("解除 すべて", .unsubscribe(.all)),
        ("解除 2", .unsubscribe(.id(2))),
        ("subscribe", .invalid(.missingPlace)),
        ("subscribe at 7:30", .invalid(.missingPlace)),
        ("subscribe rain", .invalid(.missingPlace)),
        ("subscribe Danang Asia/Nowhere", .invalid(.unknownZone("Asia/Nowhere"))),
        ("subscribe Danang 7:00 8:00", .invalid(.repeated("8:00"))),
        ("subscribe Danang daily weekdays", .invalid(.repeated("weekdays"))),
        ("unsubscribe", .invalid(.missingTarget)),
        // Issue 40, item 7: a target without a letter or digit folds to nothing, a prefix of every place.
        ("unsubscribe %", .invalid(.targetWithoutLetters("%"))),
        ("unsubscribe ?", .invalid(.targetWithoutLetters("?"))),
        ("unsubscribe -", .invalid(.targetWithoutLetters("-"))),
        ("unsubscribe 🌧️", .invalid(.targetWithoutLetters("🌧️"))),
        ("unsubscribe # -", .invalid(.targetWithoutLetters("# -"))),
        ("解除 ・", .invalid(.targetWithoutLetters("・"))),
        ("unsubscribe #0", .unsubscribe(.place("#0"))),
        ("Danang", nil),
        ("Danang forecast", nil),
        ("subscriber Danang", nil),
        ("", nil),
    ]

    @Test("commands, with the place before anything is geocoded", arguments: commands)
    func readsCommands(_ text: String, _ expected: SubscriptionCommand?) {
        #expect(SubscriptionCommand(text: text) == expected)
    }

    @Test("times print as HH:MM")
    func printsTimes() {
        #expect(Self.time(7, 5).description == "07:05")
        #expect(Self.time(19, 30).description == "19:30")
    }
}
