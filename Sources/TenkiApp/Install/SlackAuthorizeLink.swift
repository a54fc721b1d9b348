import Foundation

/// The "Add to Slack" link of the install page: Slack's authorize page
/// (`SLACK_OAUTH_AUTHORIZE_URL`) with the app's client id, the bot scopes, where Slack sends the
/// browser back (`{TENKI_PUBLIC_URL}/slack/oauth_redirect`) and the `state` of this attempt.
enum SlackAuthorizeLink {
    /// The bot scopes Tenki asks for: slash commands, posting, and users' time zones.
    static let scopes = ["commands", "chat:write", "users:read"]

    static func url(authorize: URL, clientID: String, publicURL: String, state: String) -> URL? {
        guard var components = URLComponents(url: authorize, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "client_id", value: clientID),
                URLQueryItem(name: "scope", value: scopes.joined(separator: ",")),
                URLQueryItem(name: "redirect_uri", value: redirectURI(publicURL: publicURL)),
                URLQueryItem(name: "state", value: state),
            ]
        // URLComponents leaves `+` as it is in a query value; a server reads it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url
    }

    /// Where Slack sends the browser back, also sent again when the code is exchanged.
    static func redirectURI(publicURL: String) -> String {
        publicURL + "/slack/oauth_redirect"
    }
}
