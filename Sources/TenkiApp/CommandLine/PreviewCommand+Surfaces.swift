import Foundation
import TenkiCore
import TenkiHTTPClient
import TenkiStorage

/// `tenki preview --home USER [--team TEAM]` and `tenki preview --modal preferences|subscribe`:
/// the Home tab or a modal as Tenki would send it, then a link that opens it in Block Kit
/// Builder (`--format json`: the JSON alone). The Home tab shows USER's saved place and units and
/// the subscriptions USER created, read from the state file when there is one; nothing is written.
extension PreviewCommand {
    enum Surface: Equatable {
        case home(user: String, team: String?)
        case preferences
        case subscribe
    }

    static func runSurface(_ list: ArgumentList) async throws -> ExitCode {
        guard list.positional.isEmpty else {
            throw UsageError("give either a command line or --home/--modal, not both", command: "preview")
        }
        let surface = try surface(home: list.value("home"), modal: list.value("modal"), team: list.value("team"))
        let format = list.value("format") ?? "link"
        guard format == "json" || format == "link" else {
            throw UsageError(
                "with --home or --modal, --format is json (the view alone) or link (got \"\(format)\")", command: "preview")
        }
        let settings = try Settings.load()
        var saved = (preferences: HomeTab.Preferences(), subscriptions: [Subscription]())
        if case .home(let user, let team) = surface { saved = try await savedData(user: user, team: team, settings: settings) }
        let view = view(
            of: surface, preferences: saved.preferences, subscriptions: saved.subscriptions, settings: settings, now: Date())
        TenkiCLI.printOutput(output(view, withLink: format == "link"))
        return .success
    }

    static func surface(home: String?, modal: String?, team: String?) throws(UsageError) -> Surface {
        switch (home, modal) {
        case (let user?, nil):
            guard !user.isEmpty, !user.hasPrefix("-") else {
                throw UsageError("--home needs a Slack user id, e.g. --home U0123", command: "preview")
            }
            return .home(user: user, team: team)
        case (nil, "preferences"?): return .preferences
        case (nil, "subscribe"?): return .subscribe
        case (nil, let other?): throw UsageError("--modal is preferences or subscribe (got \"\(other)\")", command: "preview")
        default: throw UsageError("give --home USER or --modal NAME, not both", command: "preview")
        }
    }

    /// The view, from the settings (language, the team's place and units, command names) and what
    /// the user saved. Pure: the tests call it with their own data and clock.
    static func view(
        of surface: Surface, preferences: HomeTab.Preferences, subscriptions: [Subscription], settings: Settings, now: Date
    ) -> SlackView {
        switch surface {
        case .home:
            return HomeTab.view(
                preferences: preferences, subscriptions: subscriptions, now: now, language: settings.language, settings: settings)
        case .preferences:
            return PreferencesModal(preferences: preferences, teamUnits: settings.units, language: settings.language).view
        case .subscribe:
            return SubscribeModal(place: preferences.place, channel: nil, language: settings.language).view
        }
    }

    /// The pretty JSON, then (unless `--format json`) the Block Kit Builder link on its own line.
    static func output(_ view: SlackView, withLink: Bool) -> String {
        let json = String(decoding: ViewEncoding.json(view, pretty: true), as: UTF8.self)
        return withLink ? json + "\n\nBlock Kit Builder: " + BlockKitBuilderLink.url(for: view) : json
    }

    /// USER's preferences (under TEAM, else the key `preview` itself uses) and the subscriptions
    /// USER created, when the state exists; nothing otherwise (preview never creates the state).
    static func savedData(user: String, team: String?, settings: Settings) async throws -> (HomeTab.Preferences, [Subscription]) {
        guard settings.databaseURL != nil || FileManager.default.fileExists(atPath: settings.statePath) else {
            TenkiCLI.printError("tenki preview: no state at \(settings.statePath): showing \(user) with nothing saved")
            return (HomeTab.Preferences(), [])
        }
        let state = try StateFile.existing(for: "preview")
        let saved = try await state.preferences.preferences(for: UserKey(team: team ?? "-", user: user))
        let created = try await state.subscriptions.all().filter { $0.createdBy == user && (team == nil || $0.team == team) }
        return (HomeTab.Preferences(place: saved.place, units: saved.units), created)
    }
}
