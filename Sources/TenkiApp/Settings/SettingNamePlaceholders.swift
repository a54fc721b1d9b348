import TenkiCore

/// The string tables name a setting through a placeholder (`{botTokenSetting}`, …): the pure core
/// does not know the settings' names. These fill them from the settings table, the one place the
/// names are spelled, so a reply that asks an admin to set something names what the admin sets.
enum SettingNamePlaceholders {
    static let values: [String: String] = [
        "feedsSetting": SettingsTable.name(\.newsFeeds),
        "newsKeySetting": SettingsTable.name(\.newsAPIKey),
        "botTokenSetting": SettingsTable.name(\.slackBotToken),
        "schedulerSetting": SettingsTable.name(\.schedulerEnabled),
    ]

    /// `template` with each setting placeholder replaced by the setting's name; other placeholders stay.
    static func fill(_ template: String) -> String {
        ReplyStrings.fill(template, values)
    }
}

extension FeedReplyStrings {
    /// The table for `language`, its settings named.
    static func namingSettings(for language: WeatherLanguage) -> FeedReplyStrings {
        var table = table(for: language)
        table.notConfigured = SettingNamePlaceholders.fill(table.notConfigured)
        return table
    }
}

extension SubscriptionStrings {
    /// The table for `language`, its settings named.
    static func namingSettings(for language: WeatherLanguage) -> SubscriptionStrings {
        var table = table(for: language)
        table.notConfigured = SettingNamePlaceholders.fill(table.notConfigured)
        table.tokenRefused = SettingNamePlaceholders.fill(table.tokenRefused)
        table.noScheduler = SettingNamePlaceholders.fill(table.noScheduler)
        return table
    }
}
