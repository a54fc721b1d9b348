extension ConfigurationError {
    /// An error about one setting of the table, named through it: `ConfigurationError(\.statePath, …)`.
    init(_ setting: PartialKeyPath<SettingsTable>, problem: String, fix: String) {
        self.init(setting: SettingsTable.name(setting), problem: problem, fix: fix)
    }
}
