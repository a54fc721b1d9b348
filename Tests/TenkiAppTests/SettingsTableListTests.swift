import Testing

@testable import TenkiApp

/// `SettingsTable.visitAll` lists the table's settings so that nothing walks the table with `Mirror` at
/// start; the table's properties stay the one place a setting is declared, and this checks the list.
@Suite("The settings table's list")
struct SettingsTableListTests {
    /// The names of the table's properties, in their order, read the slow way.
    static let declared: [String] = Mirror(reflecting: SettingsTable.shared).children.compactMap {
        ($0.value as? any DeclaredSetting)?.declaration.name
    }

    @Test("lists every setting of the table once, in the properties' order")
    func listsEverySetting() {
        #expect(Self.declared.count > 70, "the table lost its settings")
        #expect(SettingsTable.declarations.map(\.name) == Self.declared)
    }

    @Test("every property of the table is a setting")
    func onlySettings() {
        #expect(Mirror(reflecting: SettingsTable.shared).children.count == Self.declared.count)
    }

    @Test("an absent setting loads as its declared default, a given one as its value")
    func loadsThroughTheList() throws {
        let defaults = try Settings.load(environment: [:])
        #expect(defaults.discordAPIBaseURL == SettingsTable.shared.discordAPIBaseURL.fallback)
        #expect(defaults.socketConnections == SettingsTable.shared.socketConnections.fallback)
        let name = SettingsTable.name(\.digestWait)
        #expect(try Settings.load(environment: [name: "7"]).digestWait == .seconds(7))
    }

    @Test("a value set on a copy leaves the original as it was")
    func copiesAreValues() throws {
        let original = try Settings.load(environment: [:])
        var copy = original
        copy.units = .imperial
        #expect(copy.units == .imperial)
        #expect(original.units == SettingsTable.shared.units.fallback)
    }
}
