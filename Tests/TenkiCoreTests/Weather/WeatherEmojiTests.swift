import Foundation
import Testing

@testable import TenkiCore

@Suite("Weather emoji")
struct WeatherEmojiTests {
    @Test(
        arguments: [
            (800, false, "☀️"), (800, true, "🌙"),
            (200, false, "⛈️"), (211, true, "⛈️"), (232, false, "⛈️"),
            (511, false, "🧊"), (511, true, "🧊"),
            (600, false, "❄️"), (601, true, "❄️"), (611, false, "🌨️"), (622, false, "🌨️"),
            (701, false, "🌫️"), (741, true, "🌫️"),
            (762, false, "🌋"), (781, false, "🌪️"),
            (801, false, "🌤️"), (801, true, "🌙☁️"),
            (802, false, "⛅"), (802, true, "☁️"),
            (803, false, "☁️"), (804, true, "☁️"),
            (500, false, "🌦️"), (500, true, "🌧️"), (502, false, "🌧️"),
        ] as [(Int, Bool, String)])
    func pinnedRows(id: Int, isNight: Bool, emoji: String) {
        #expect(WeatherEmoji.emoji(forConditionID: id, isNight: isNight) == emoji)
    }

    /// Every id of the official table (read from the copy in Tests/Fixtures) has its own row.
    @Test func everyDocumentedIDHasAnExplicitEntry() throws {
        let ids = try documentedIDs()
        #expect(ids.count == 55)
        let missing = ids.filter { WeatherEmoji.entry(forConditionID: $0) == nil }
        #expect(missing.isEmpty, "no emoji row for \(missing)")
        #expect(Set(WeatherEmoji.table.keys) == Set(ids), "rows for ids the table does not list")
    }

    @Test(
        arguments: [
            (299, false, "⛈️"), (399, true, "🌧️"), (599, false, "🌧️"), (699, false, "❄️"),
            (799, false, "🌫️"), (805, false, "☁️"), (100, false, "🌡️"), (900, false, "🌡️"), (-1, false, "🌡️"),
        ] as [(Int, Bool, String)])
    func unknownIDsFallBackByGroupThenNeutral(id: Int, isNight: Bool, emoji: String) {
        #expect(WeatherEmoji.entry(forConditionID: id) == nil)
        #expect(WeatherEmoji.emoji(forConditionID: id, isNight: isNight) == emoji)
    }

    @Test func conditionUsesTheIconSuffixForNight() {
        let night = WeatherCondition(id: 800, main: "Clear", description: "clear sky", icon: "02n")
        #expect(night.isNight)
        #expect(night.emoji == "🌙")
        let day = WeatherCondition(id: 800, main: "Clear", description: "clear sky", icon: "01d")
        #expect(!day.isNight)
        #expect(day.emoji == "☀️")
    }

    private func documentedIDs() throws -> [Int] {
        let text = try WeatherFixtures.text("owm_conditions.md")
        var ids: [Int] = []
        var inIconList = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## Icon list") { inIconList = true }
            guard !inIconList, line.hasPrefix("| ") else { continue }
            let cell = line.dropFirst(2).prefix { $0 != " " && $0 != "|" }
            if cell.count == 3, let id = Int(cell) { ids.append(id) }
        }
        return ids
    }
}
