import Foundation

/// One setting: its declaration (what the configuration reference says about it), how its text
/// becomes a typed value, and its value. `SettingsTable` holds one of these for every setting Tenki
/// reads; `SettingsTable.shared` has every value at its default, and `Settings` holds a copy with the
/// values `Settings.load` decoded.
public struct Setting<Value: Sendable>: Sendable {
    let declaration: SettingDeclaration
    /// The value when the setting is absent.
    let fallback: Value
    /// Turns the trimmed, non-empty text into the value, or says why it cannot.
    let parse: @Sendable (String) throws(SettingProblem) -> Value
    /// The decoded value, or `fallback` until one is decoded.
    var value: Value

    init(declaration: SettingDeclaration, fallback: Value, parse: @escaping @Sendable (String) throws(SettingProblem) -> Value) {
        self.declaration = declaration
        self.fallback = fallback
        self.parse = parse
        self.value = fallback
    }

    var name: String { declaration.name }
}

/// What is known about a setting apart from its value's type: everything its row of the configuration reference shows,
/// and whether it is a secret.
struct SettingDeclaration: Sendable, Equatable {
    let name: String
    /// The reference's "meaning" column.
    let summary: String
    /// The reference's "default" column: the default value in backquotes, or words when there is none.
    let defaultText: String
    /// A secret may also be given as `NAME_FILE`, the path of a file holding it; errors never show its value.
    let isSecret: Bool
    /// The commands whose behaviour the setting changes (every command still refuses an invalid one).
    let readers: SettingReaders
    /// Whether the value holds URLs whose credential parts (a userinfo password, query values)
    /// are secrets even when the rest is not: errors quote such a value only with them masked.
    var hasURLCredentials: Bool = false
}

/// The `tenki` commands that use a setting, for the reference's "read by" column.
struct SettingReaders: OptionSet, Sendable, Hashable {
    let rawValue: Int

    static let serve = SettingReaders(rawValue: 1 << 0)
    static let digest = SettingReaders(rawValue: 1 << 1)
    static let preview = SettingReaders(rawValue: 1 << 2)
    static let outbox = SettingReaders(rawValue: 1 << 3)
    static let replay = SettingReaders(rawValue: 1 << 4)
    static let healthcheck = SettingReaders(rawValue: 1 << 5)
    static let discord = SettingReaders(rawValue: 1 << 6)

    /// Every command that loads settings.
    static let all: SettingReaders = [.serve, .digest, .preview, .outbox, .replay, .healthcheck, .discord]
    /// The commands that call the weather and news providers.
    static let providers: SettingReaders = [.serve, .preview, .digest]
    /// The commands that answer slash commands.
    static let answers: SettingReaders = [.serve, .preview]

    /// The names, in the order `tenki --help` lists the commands, or "all".
    var names: [String] {
        if self == .all { return ["all"] }
        let named: [(SettingReaders, String)] = [
            (.serve, "serve"), (.digest, "digest"), (.preview, "preview"), (.outbox, "outbox"), (.replay, "replay"),
            (.healthcheck, "healthcheck"), (.discord, "discord register"),
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}

/// Why a setting's text was refused; `SettingsReader` turns it into a `ConfigurationError` naming
/// the setting, and shows `got` only when the setting is not a secret.
struct SettingProblem: Error, Sendable, Equatable {
    var problem: String
    var fix: String
    /// The refused text, quoted in the error unless the setting is a secret.
    var got: String?

    init(_ problem: String, fix: String, got: String? = nil) {
        self.problem = problem
        self.fix = fix
        self.got = got
    }
}
