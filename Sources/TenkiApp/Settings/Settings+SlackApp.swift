import Foundation
import TenkiSecurity
import TenkiSlackAPI

extension Settings {
    /// What a multi-workspace deployment ("distributed mode") runs with: the Slack app's OAuth
    /// credentials, where browsers reach this Tenki, the key that seals the installations' tokens,
    /// and which workspaces may install. Nil: one workspace, `SLACK_BOT_TOKEN`.
    public struct SlackAppSettings: Sendable {
        public var credentials: SlackAppCredentials
        /// `SLACK_OAUTH_AUTHORIZE_URL`.
        public var authorizeURL: URL
        /// `TENKI_PUBLIC_URL`, without a trailing slash.
        public var publicURL: String
        public var encryptionKeys: EncryptionKeys
        /// `TENKI_ALLOWED_TEAMS`; empty: any workspace.
        public var allowedTeams: Set<String>

        /// `{TENKI_PUBLIC_URL}/slack/install`, the link a workspace without an installation is given.
        public var installPage: String { publicURL + "/slack/install" }

        /// Whether the installation keyed `key` (of team `team`) may be stored.
        func allows(key: String, team: String?) -> Bool {
            allowedTeams.isEmpty || allowedTeams.contains(key) || team.map(allowedTeams.contains) == true
        }
    }
}

extension SettingsReader {
    /// Distributed mode, when `SLACK_CLIENT_ID` is set: it needs the secret, the public URL and the
    /// encryption key, and excludes `SLACK_BOT_TOKEN` (one token for every workspace would answer
    /// each with another's bot). Each missing or conflicting setting is a one-line error naming it.
    func slackApp(_ settings: Settings) throws(ConfigurationError) -> Settings.SlackAppSettings? {
        let clientID = settings.slackClientID, secret = settings.slackClientSecret
        let name = SettingsTable.name(\.slackClientID)
        guard let clientID else {
            if secret != nil {
                throw ConfigurationError(
                    \.slackClientSecret, problem: "is set, but \(name) is not",
                    fix: "set \(name) too (the app's Basic Information page), or unset both for one workspace")
            }
            return nil
        }
        if settings.delivery.slackBotToken != nil {
            throw ConfigurationError(
                \.slackBotToken, problem: "is set, and so is \(name): one deployment serves one workspace or many, not both",
                fix: "unset \(SettingsTable.name(\.slackBotToken)) to let workspaces install Tenki, or \(name) for one workspace")
        }
        guard let secret else {
            throw ConfigurationError(
                \.slackClientSecret, problem: "is not set, and \(name) is",
                fix: "copy the Client Secret from the Slack app's Basic Information page")
        }
        guard let publicURL = settings.publicURL else {
            throw ConfigurationError(
                \.publicURL, problem: "is not set, and \(name) is: Slack needs it to send installers back",
                fix: "set it to the https:// origin at which Slack and browsers reach this Tenki")
        }
        guard let keys = settings.encryptionKeys else {
            throw ConfigurationError(
                \.encryptionKeys, problem: "is not set, and \(name) is: installed workspaces' tokens are stored encrypted",
                fix: "set it to 32 random bytes in base64 (openssl rand -base64 32), kept beside the signing secret")
        }
        return Settings.SlackAppSettings(
            credentials: SlackAppCredentials(clientID: clientID, clientSecret: secret),
            authorizeURL: settings.slackOAuthAuthorizeURL, publicURL: publicURL, encryptionKeys: keys,
            allowedTeams: Set(settings.allowedTeams))
    }
}
