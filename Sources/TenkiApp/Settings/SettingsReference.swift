/// The configuration reference (docs/configuration.md) as the settings table writes it: one row per
/// setting, in the table's order, with its meaning, default and the commands it changes. The page
/// holds this text between two markers, and a test fails when the page and the table differ, so
/// the reference is generated, never edited by hand.
enum SettingsReference {
    static let header = "| variable | meaning | default | read by |"
    static let beginMarker =
        "<!-- generated from SettingsTable (Sources/TenkiApp/Settings/SettingsTable.swift); "
        + "edit the table, then run TENKI_UPDATE_DOCS=1 swift test --filter SettingsReferenceTests -->"
    static let endMarker = "<!-- end of the generated table -->"

    /// The cells of one setting's row.
    static func cells(_ declaration: SettingDeclaration) -> [String] {
        let secret = declaration.isSecret ? " (a secret: also `\(declaration.name)_FILE`)" : ""
        return [
            "`\(declaration.name)`", declaration.summary + secret, declaration.defaultText,
            declaration.readers.names.map { $0 == "all" ? "all" : "`\($0)`" }.joined(separator: ", "),
        ]
    }

    /// The whole generated block: markers, header and one row per declaration.
    static func markdown(_ declarations: [SettingDeclaration] = SettingsTable.declarations) -> String {
        let rows = declarations.map { "| " + cells($0).joined(separator: " | ") + " |" }
        return ([beginMarker, header, "|---|---|---|---|"] + rows + [endMarker]).joined(separator: "\n")
    }
}
