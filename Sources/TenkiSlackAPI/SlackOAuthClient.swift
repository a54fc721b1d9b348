import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiSecurity
import TenkiStorage

/// Slack's `oauth.v2.access`, the two ways Tenki calls it: exchanging the code of an install for
/// the workspace's installation, and trading a refresh token for a new bot token when token
/// rotation is on (`grant_type=refresh_token`). The app's client id and secret go as HTTP Basic
/// auth; no token or secret ever appears in an error or description.
public struct SlackOAuthClient: Sendable {
    static let method = "oauth.v2.access"

    let transport: any HTTPTransport
    let baseURL: URL
    let credentials: SlackAppCredentials
    let clock: any WallClock
    let timeout: Duration

    /// - Parameter baseURL: `SLACK_API_BASE_URL` (`https://slack.com/api`).
    public init(
        transport: any HTTPTransport, baseURL: URL, credentials: SlackAppCredentials, clock: any WallClock,
        timeout: Duration = .seconds(10)
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.credentials = credentials
        self.clock = clock
        self.timeout = timeout
    }

    /// The installation the install's `code` grants (the same `redirectURI` as the authorize link).
    /// A user token in the answer (`authed_user.access_token`) is ignored: Tenki asks for bot scopes only.
    public func exchange(code: String, redirectURI: String) async throws(SlackWebAPIError) -> Installation {
        let now = clock.now()
        let answer = try await call(["code": code, "redirect_uri": redirectURI])
        guard let installation = Self.installation(from: answer, at: now) else { throw .unreadableAnswer(method: Self.method) }
        return installation
    }

    /// A new bot token and refresh token for `refreshToken` (Slack invalidates the old refresh token).
    public func refresh(_ refreshToken: SlackRefreshToken) async throws(SlackWebAPIError) -> RefreshedTokens {
        let now = clock.now()
        let answer = try await call(["grant_type": "refresh_token", "refresh_token": refreshToken.value])
        guard let token = (answer["access_token"] as? String).flatMap(SlackBotToken.init),
            let rotation = Self.rotation(from: answer, at: now)
        else { throw .unreadableAnswer(method: Self.method) }
        return RefreshedTokens(botToken: token, rotation: rotation)
    }

    /// An `oauth.v2.access` answer as an installation; nil when a required field is missing.
    static func installation(from answer: [String: Any], at now: Date) -> Installation? {
        let team = answer["team"] as? [String: Any], enterprise = answer["enterprise"] as? [String: Any]
        let isEnterpriseInstall = answer["is_enterprise_install"] as? Bool ?? false
        guard let token = (answer["access_token"] as? String).flatMap(SlackBotToken.init),
            let botUserID = answer["bot_user_id"] as? String, !botUserID.isEmpty
        else { return nil }
        let installation = Installation(
            teamID: nonEmpty(team?["id"]), teamName: nonEmpty(team?["name"]), enterpriseID: nonEmpty(enterprise?["id"]),
            enterpriseName: nonEmpty(enterprise?["name"]), isEnterpriseInstall: isEnterpriseInstall, botUserID: botUserID,
            botToken: token, rotation: rotation(from: answer, at: now),
            scopes: (answer["scope"] as? String ?? "").split(separator: ",").map(String.init),
            installerUserID: nonEmpty((answer["authed_user"] as? [String: Any])?["id"]), installedAt: now)
        return installation.key == nil ? nil : installation
    }

    /// `refresh_token` and `expires_in` (a number, or a number in a string), when rotation is on.
    static func rotation(from answer: [String: Any], at now: Date) -> TokenRotation? {
        guard let refresh = (answer["refresh_token"] as? String).flatMap(SlackRefreshToken.init) else { return nil }
        let seconds = (answer["expires_in"] as? NSNumber)?.doubleValue ?? (answer["expires_in"] as? String).flatMap(Double.init)
        guard let seconds, seconds > 0 else { return nil }
        return TokenRotation(refreshToken: refresh, expiresAt: now.addingTimeInterval(seconds))
    }

    private static func nonEmpty(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    /// POSTs `form` with the app's Basic auth; the answer's object when `ok` is true.
    private func call(_ form: [String: String]) async throws(SlackWebAPIError) -> [String: Any] {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/x-www-form-urlencoded")
        headers.set("Authorization", credentials.basicAuthorization)
        let body = form.sorted { $0.key < $1.key }
            .map { "\(SlackWebAPIClient.formEncode($0.key))=\(SlackWebAPIClient.formEncode($0.value))" }.joined(separator: "&")
        let request = OutboundRequest(
            method: "POST", url: baseURL.appendingPathComponent(Self.method), headers: headers, body: Array(body.utf8),
            timeout: timeout, publicAddressesOnly: DestinationAddressRule.requiresPublicAddresses(baseURL))
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(method: Self.method, error)
        }
        guard (200...299).contains(response.status) else {
            throw .status(method: Self.method, code: response.status, retryAfter: response.headers["Retry-After"])
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any],
            let ok = object["ok"] as? Bool
        else { throw .unreadableAnswer(method: Self.method) }
        guard ok else {
            let error = object["error"] as? String ?? "unknown_error"
            throw .refused(method: Self.method, error: SlackWebAPIClient.isCode(error) ? error : "unknown_error")
        }
        return object
    }
}

/// What a refresh gives: the new bot token and its rotation (new refresh token, new expiry).
public struct RefreshedTokens: Sendable, Equatable {
    public var botToken: SlackBotToken
    public var rotation: TokenRotation
}

/// The Slack app's OAuth client id and secret (`SLACK_CLIENT_ID`, `SLACK_CLIENT_SECRET`). The
/// description hides the secret.
public struct SlackAppCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let clientID: String
    let clientSecret: String

    public init(clientID: String, clientSecret: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// `Basic base64(id:secret)`, as `oauth.v2.access` accepts.
    var basicAuthorization: String {
        "Basic " + Data("\(clientID):\(clientSecret)".utf8).base64EncodedString()
    }

    public var description: String { "SlackAppCredentials(clientID: \(clientID), secret redacted)" }
    public var debugDescription: String { description }
}
