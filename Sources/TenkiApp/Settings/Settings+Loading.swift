import Foundation
import TenkiBase
import TenkiCore
import TenkiProviders

extension Settings {
    /// Decodes the settings from the environment (and `*_FILE` secrets, and `TENKI_CONFIG`).
    /// Requirements that depend on the command (a signing secret for `serve`) are checked by the
    /// command, so `preview` works without Slack settings.
    public static func load(
        environment: [String: String] = ProcessEnvironment.variables(),
        readFile: @escaping (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(ConfigurationError) -> Settings {
        var reader = SettingsReader(source: try SettingsSource(environment: environment, readFile: readFile))
        var table = reader.table
        try table.visitAll(&reader)
        var settings = Settings(
            table: table, commandNames: try reader.commandNames(table),
            newsBudgetShares: BudgetShares(
                userPercent: table.newsUserSharePercent.value, reservedPercent: table.newsReservedPercent.value),
            newsProvider: try newsProvider(table),
            statePath: table.statePath.value ?? Self.defaultStatePath(environment: environment))
        settings.slackApp = try reader.slackApp(settings)
        settings.socketMode = table.slackAppToken.value.map {
            SocketModeSettings(appToken: $0, connections: table.socketConnections.value)
        }
        try reader.loadDigests(into: &settings)
        if table.databaseURL.value != nil, table.statePath.value != nil {
            // Checked before any connection: two places for the state would split it silently.
            throw ConfigurationError(
                \.statePath,
                problem: "is set, and so is \(table.databaseURL.name): the state lives in one place",
                fix: "unset \(table.statePath.name) to keep the state in PostgreSQL, "
                    + "or \(table.databaseURL.name) to keep it in the SQLite file")
        }
        settings.misspeltVariables = SettingNameSuggestion.misspelt(in: environment)
        return settings
    }

    /// Only `PORT`, for `tenki healthcheck`, which must not fail on a setting it does not use.
    public static func port(
        environment: [String: String] = ProcessEnvironment.variables(),
        readFile: @escaping (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(ConfigurationError) -> Int {
        let reader = SettingsReader(source: try SettingsSource(environment: environment, readFile: readFile))
        return try reader.decode(reader.table.port)
    }

    static func defaultStatePath(environment: [String: String]) -> String {
        if let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
            return "\(directory)/tenki.sqlite"
        }
        return "./tenki-state.sqlite"
    }
}

extension SettingsReader {
    /// The two command names, which must differ: a request for a command named like both could
    /// only ever reach one of them.
    func commandNames(_ table: SettingsTable) throws(ConfigurationError) -> CommandNames {
        let names = CommandNames(weather: table.weatherCommand.value, news: table.newsCommand.value)
        guard names.weather != names.news else {
            let weatherRenamed = try source.value(table.weatherCommand.declaration) != nil
            let (renamed, other) =
                weatherRenamed ? (table.weatherCommand, table.newsCommand) : (table.newsCommand, table.weatherCommand)
            throw ConfigurationError(
                setting: renamed.name, problem: "names the same command as \(other.name) (\(names.weather))",
                fix: "give the weather and news commands different names")
        }
        return names
    }
}

extension Settings {
    /// `TENKI_NEWS_PROVIDER` with its default, `feeds` when `TENKI_NEWS_FEEDS` is set: a provider
    /// named without the setting it needs is a configuration error.
    static func newsProvider(_ table: SettingsTable) throws(ConfigurationError) -> NewsProvider {
        let chosen = table.newsProvider.value, feeds = table.newsFeeds, key = table.newsAPIKey
        switch chosen {
        case .feeds? where feeds.value.isEmpty:
            throw ConfigurationError(
                setting: table.newsProvider.name, problem: "is feeds, but \(feeds.name) is not set",
                fix: "list feeds in \(feeds.name) (URL or name=URL, separated by ;)")
        case .newsapi? where key.value == nil:
            throw ConfigurationError(
                setting: table.newsProvider.name, problem: "is newsapi, but \(key.name) is not set",
                fix: "set \(key.name) (or \(key.name)_FILE), or use feeds with \(feeds.name)")
        default:
            return chosen ?? (feeds.value.isEmpty ? .newsapi : .feeds)
        }
    }
}
