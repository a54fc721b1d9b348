import Foundation
import Testing

@testable import TenkiApp

/// docs/configuration.md holds the settings table exactly as `SettingsReference` generates it from
/// `SettingsTable`, so the reference operators read is the code's. A stale page fails here; with
/// TENKI_UPDATE_DOCS=1 the test rewrites the generated part instead (review the diff, commit it).
@Suite("Configuration reference in docs/configuration.md")
struct SettingsReferenceTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/configuration.md")

    @Test("the page's table is the settings table, generated")
    func pageIsCurrent() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let generated = SettingsReference.markdown()
        let begin = try #require(text.range(of: SettingsReference.beginMarker), "docs/configuration.md lost its begin marker")
        let end = try #require(text.range(of: SettingsReference.endMarker), "docs/configuration.md lost its end marker")
        let current = String(text[begin.lowerBound..<end.upperBound])
        if current != generated, ProcessInfo.processInfo.environment["TENKI_UPDATE_DOCS"] == "1" {
            try text.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: generated)
                .write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            current == generated,
            "docs/configuration.md is stale: run TENKI_UPDATE_DOCS=1 swift test --filter SettingsReferenceTests")
    }

    @Test("every setting has one row, in the table's order")
    func oneRowPerSetting() {
        let rows = SettingsReference.markdown().components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        let names = rows.map { $0.dropFirst(3).prefix { $0 != "`" } }.map(String.init)
        #expect(names == SettingsTable.declarations.map(\.name))
        #expect(Set(names).count == names.count, "a setting is declared twice")
    }

    @Test("a real default is what the reference says: an absent setting loads as its declared default")
    func defaultsAreReal() throws {
        let settings = try Settings.load(environment: [:])
        // A number's default is followed by its range: `16384` (from 1024 to 1048576).
        let maxHeaderBytes = SettingsTable.shared.maxHeaderBytes.declaration.defaultText
        #expect(maxHeaderBytes.hasPrefix("`\(settings.listener.maxHeaderBytes)` (from "))
        #expect("`\(settings.newsCountry.code)`" == SettingsTable.shared.newsCountry.declaration.defaultText)
        #expect("`\(settings.allowedResponseHosts)`" == SettingsTable.shared.allowedResponseHosts.declaration.defaultText)
        #expect("`\(settings.logLevel)`" == SettingsTable.shared.logLevel.declaration.defaultText)
        #expect(SettingsTable.shared.port.declaration.defaultText == "`\(settings.port)` (from 1 to 65535)")
    }
}
