import TenkiLogging

/// The start-up warning for a Mattermost set-up whose late answers cannot arrive: tokens are set,
/// but `TENKI_ALLOWED_RESPONSE_HOSTS` lists only Slack's hosts, so every Mattermost `response_url`
/// (the "Looking up…" follow-up) would be refused.
public enum MattermostHostWarning {
    /// The warning's text, nil when no tokens are set or a non-Slack host is allowed.
    public static func message(hasTokens: Bool, allowList: ResponseURLAllowList) -> String? {
        guard hasTokens, allowList.entries.allSatisfy({ isSlack($0.host) }) else { return nil }
        return
            "\(SettingsTable.name(\.mattermostTokens)) is set but \(SettingsTable.name(\.allowedResponseHosts)) "
            + "lists only Slack's hosts: "
            + "answers to Mattermost that take longer than the inline budget will be refused; "
            + "add your Mattermost server (host, host:port, or http://host:port for plain HTTP)"
    }

    /// Logs the warning, if there is one.
    public static func log(hasTokens: Bool, allowList: ResponseURLAllowList, to logger: Logger) {
        if let text = message(hasTokens: hasTokens, allowList: allowList) { logger.warning(text) }
    }

    /// Slack's hosts, commercial and GovSlack (the default list holds one of each).
    private static func isSlack(_ host: String) -> Bool {
        ["slack.com", "slack-gov.com"].contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
