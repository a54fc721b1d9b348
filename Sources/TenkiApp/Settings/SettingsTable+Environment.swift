extension SettingsTable {
    /// An environment for `Settings.load`, its variables named through the table rather than spelt
    /// out: `SettingsTable.environment([\.units: "imperial", \.language: "ja"])`. The demo, replay
    /// and the request recorder build their settings this way, so a renamed setting cannot leave a
    /// stale name behind.
    static func environment(_ values: [PartialKeyPath<SettingsTable>: String]) -> [String: String] {
        var environment: [String: String] = [:]
        for (keyPath, value) in values {
            environment[name(anyOf: keyPath)] = value
        }
        return environment
    }

    /// The variable name of one setting of the table. Typed, so naming one costs no dynamic cast (the first such cast
    /// scans every protocol conformance in the binary: half a million instructions of a server's start).
    static func name<Value>(_ keyPath: KeyPath<SettingsTable, Setting<Value>>) -> String {
        shared[keyPath: keyPath].declaration.name
    }

    /// The variable name of a setting of the table given as any key path (the environments above mix value types).
    static func name(anyOf keyPath: PartialKeyPath<SettingsTable>) -> String {
        guard let setting = shared[keyPath: keyPath] as? any DeclaredSetting else {
            preconditionFailure("\(keyPath) is not a setting of SettingsTable")
        }
        return setting.declaration.name
    }
}

/// A `Setting` of any value type, for naming one through a `PartialKeyPath`.
protocol DeclaredSetting {
    var declaration: SettingDeclaration { get }
}

extension Setting: DeclaredSetting {}
