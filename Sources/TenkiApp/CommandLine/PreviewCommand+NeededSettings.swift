import TenkiCore

/// What a preview cannot be shown without. `preview` exits 78 only when the command it is asked
/// for needs a provider whose setting is missing (`serve` answers such a command "not configured");
/// help, units, `unset` and what a user mistyped are shown without any key.
extension PreviewCommand {
    /// The configuration error of a command line whose answer needs a provider that is not set up.
    static func missingProvider(command: String, text: String, settings: Settings) -> ConfigurationError? {
        if command == settings.commandNames.weather, settings.openWeatherAPIKey == nil,
            asksOpenWeather(text, settings: settings)
        {
            let key = SettingsTable.name(\.openWeatherAPIKey)
            return ConfigurationError(
                \.openWeatherAPIKey, problem: "is not set",
                fix: "set it to your OpenWeatherMap API key (or \(key)_FILE to a file holding it)")
        }
        if command == settings.commandNames.news, !settings.hasNewsSource, !NewsCommandHandler.isHelp(text) {
            let feeds = SettingsTable.name(\.newsFeeds)
            return ConfigurationError(
                \.newsAPIKey, problem: "is not set, nor \(feeds)",
                fix: "set it to your NewsAPI key, or list feeds in \(feeds) (URL or name=URL, separated by ;)")
        }
        return nil
    }

    /// Whether the reply to `/weather TEXT` asks OpenWeatherMap: a place's weather, and saving or
    /// subscribing to a place (both look it up). A preview has no saved place, so a command that
    /// names none asks only when the team has a default city.
    static func asksOpenWeather(_ text: String, settings: Settings) -> Bool {
        if let subscription = SubscriptionCommand(text: text) {
            switch subscription {
            case .subscribe, .subscribeRain: return true
            case .list, .unsubscribe, .invalid: return false
            }
        }
        switch WeatherCommand(text: text).action {
        case .current(let place), .forecast(let place), .hourly(let place), .air(let place):
            return place != nil || settings.defaultCity != nil
        case .savePlace: return true
        case .help, .saveUnits, .forget, .invalidPlace, .incompleteSet: return false
        }
    }
}
