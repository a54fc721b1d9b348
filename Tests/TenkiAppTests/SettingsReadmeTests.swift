import Foundation
import Testing

@testable import TenkiApp

/// README.md's settings table and `SettingsTable` say the same: every setting in the code is a row
/// of the README with the same default, meaning and commands, and every row is a setting.
@Suite("Settings table in README.md")
struct SettingsReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")
    static let header = "| variable | meaning | default | read by |"

    /// The row `SettingsTable` expects for a declaration: cells of the README's table.
    static func expectedRow(_ declaration: SettingDeclaration) -> [String] {
        let secret = declaration.isSecret ? " (a secret: also `\(declaration.name)_FILE`)" : ""
        return [
            "`\(declaration.name)`", declaration.summary + secret, declaration.defaultText,
            declaration.readers.names.map { $0 == "all" ? "all" : "`\($0)`" }.joined(separator: ", "),
        ]
    }

    /// The rows of the settings table (the one with `header`), keyed by variable name.
    static func readmeRows() throws -> [(name: String, cells: [String])] {
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: header), "README.md has no table with the header \(header)")
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            // Cells are split at " | "; a `|` inside a cell is written `\|`, as Markdown wants.
            let inner = line.dropFirst(2).dropLast(2)
            let cells = inner.components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells.first?.trimmingCharacters(in: CharacterSet(charactersIn: "`")) ?? ""
            return (name, cells)
        }
    }

    @Test("every setting in the code is a row of README.md's table, and every row is a setting")
    func sameNames() throws {
        let readmeNames = try Self.readmeRows().map(\.name)
        let codeNames = SettingsTable.declarations.map(\.name)
        for name in codeNames where !readmeNames.contains(name) {
            Issue.record("\(name) is a setting but not in README.md's table; add the row:\n\(Self.markdown(name))")
        }
        for name in readmeNames where !codeNames.contains(name) {
            Issue.record("\(name) is in README.md's table but no setting of SettingsTable")
        }
        #expect(Set(readmeNames).count == readmeNames.count, "a setting appears twice in README.md's table")
    }

    @Test("each row says what the code does: the same default, meaning and commands")
    func sameRows() throws {
        let rows = try Self.readmeRows()
        for declaration in SettingsTable.declarations {
            guard let row = rows.first(where: { $0.name == declaration.name }) else { continue }
            let expected = Self.expectedRow(declaration)
            #expect(row.cells.count == 4, "\(declaration.name): the row has \(row.cells.count) cells, not 4")
            guard row.cells.count == 4 else { continue }
            #expect(
                row.cells[2] == expected[2],
                "\(declaration.name): README's default differs from the code's; the row is:\n\(Self.markdown(declaration.name))")
            #expect(
                row.cells[1] == expected[1],
                "\(declaration.name): README's meaning differs from the code's; the row is:\n\(Self.markdown(declaration.name))")
            #expect(
                row.cells[3] == expected[3],
                "\(declaration.name): README's commands differ from the code's; the row is:\n\(Self.markdown(declaration.name))")
        }
    }

    @Test("the rows are in the order of SettingsTable")
    func sameOrder() throws {
        let readmeNames = try Self.readmeRows().map(\.name).filter(SettingsTable.names.contains)
        let codeNames = SettingsTable.declarations.map(\.name).filter(readmeNames.contains)
        #expect(readmeNames == codeNames)
    }

    @Test("a real default is what the README says: an absent setting loads as its declared default")
    func defaultsAreReal() throws {
        let settings = try Settings.load(environment: [:])
        #expect("`\(settings.listener.maxHeaderBytes)`" == SettingsTable.shared.maxHeaderBytes.declaration.defaultText)
        #expect("`\(settings.newsCountry.code)`" == SettingsTable.shared.newsCountry.declaration.defaultText)
        #expect("`\(settings.allowedResponseHosts)`" == SettingsTable.shared.allowedResponseHosts.declaration.defaultText)
        #expect("`\(settings.logLevel)`" == SettingsTable.shared.logLevel.declaration.defaultText)
        #expect("`\(settings.port)`" == SettingsTable.shared.port.declaration.defaultText)
    }

    /// The README row for `name`, to paste when a test above fails.
    static func markdown(_ name: String) -> String {
        guard let declaration = SettingsTable.declarations.first(where: { $0.name == name }) else { return "" }
        return "| " + expectedRow(declaration).joined(separator: " | ") + " |"
    }
}
