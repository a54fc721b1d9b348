import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPClient
import TenkiTestSupport
import Testing

@testable import TenkiSecurity
@testable import TenkiSlackAPI
@testable import TenkiStorage

/// `oauth.v2.access` for an install's code and for a refresh, against a scripted answer.
@Suite("Slack OAuth client")
struct SlackOAuthClientTests {
    static let secret = "client-secret-SHOULD-NOT-LEAK"
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Answers every request with `status` and `body`, remembering the requests.
    final class Answering: HTTPTransport {
        let status: Int
        let body: String
        let requests = Mutex<[OutboundRequest]>([])

        init(status: Int = 200, _ body: String) {
            self.status = status
            self.body = body
        }

        func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
            requests.withLock { $0.append(request) }
            return OutboundResponse(status: status, body: Array(body.utf8))
        }

        var form: String { requests.withLock { String(decoding: $0.last?.body ?? [], as: UTF8.self) } }
    }

    func client(_ transport: Answering) -> SlackOAuthClient {
        SlackOAuthClient(
            transport: transport, baseURL: URL(string: "http://127.0.0.1:9/api")!,
            credentials: SlackAppCredentials(clientID: "123.456", clientSecret: Self.secret), clock: ManualClock(Self.start))
    }

    @Test("an install's code: POST with Basic auth, the form, and the installation Slack granted; the user token is dropped")
    func exchange() async throws {
        let transport = Answering(
            """
            {"ok": true, "access_token": "xoxe.xoxb-1-bot", "token_type": "bot", "scope": "commands,chat:write,users:read",
             "bot_user_id": "U0BOT", "app_id": "A1", "team": {"id": "T1", "name": "Rain & Co"},
             "enterprise": {"id": "E1", "name": "Org"}, "is_enterprise_install": false,
             "authed_user": {"id": "U1", "scope": "", "access_token": "xoxp-user-token", "token_type": "user"},
             "expires_in": 43200, "refresh_token": "xoxe-1-refresh"}
            """)
        let installation = try await client(transport).exchange(
            code: "c0de/+", redirectURI: "https://t.example/slack/oauth_redirect")
        #expect(
            installation
                == Installation(
                    teamID: "T1", teamName: "Rain & Co", enterpriseID: "E1", enterpriseName: "Org", botUserID: "U0BOT",
                    botToken: SlackBotToken("xoxe.xoxb-1-bot")!,
                    rotation: TokenRotation(refreshToken: SlackRefreshToken("xoxe-1-refresh")!, expiresAt: Self.start + 43200),
                    scopes: ["commands", "chat:write", "users:read"], installerUserID: "U1", installedAt: Self.start))
        let request = try #require(transport.requests.withLock { $0.first })
        #expect(request.method == "POST" && request.url.absoluteString == "http://127.0.0.1:9/api/oauth.v2.access")
        #expect(request.headers["Authorization"] == "Basic " + Data("123.456:\(Self.secret)".utf8).base64EncodedString())
        #expect(transport.form == "code=c0de%2F%2B&redirect_uri=https%3A%2F%2Ft.example%2Fslack%2Foauth_redirect")
        #expect(!String(describing: installation).contains("xoxp-user-token"))
    }

    @Test("an org-wide install is keyed by its enterprise; without rotation there is no refresh token")
    func organisation() async throws {
        let transport = Answering(
            """
            {"ok": true, "access_token": "xoxb-org", "scope": "commands", "bot_user_id": "U0BOT", "team": null,
             "enterprise": {"id": "E1", "name": "Org"}, "is_enterprise_install": true, "authed_user": {"id": "U1"}}
            """)
        let installation = try await client(transport).exchange(code: "c", redirectURI: "r")
        #expect(installation.key == "E1" && installation.teamID == nil && installation.isEnterpriseInstall)
        #expect(installation.rotation == nil)
    }

    @Test("a refresh sends grant_type=refresh_token and gives the new pair, expiring expires_in from now")
    func refresh() async throws {
        let transport = Answering(
            #"{"ok": true, "access_token": "xoxe.xoxb-1-new", "refresh_token": "xoxe-1-new", "expires_in": "60"}"#
        )
        let refreshed = try await client(transport).refresh(SlackRefreshToken("xoxe-1-old")!)
        #expect(refreshed.botToken.value == "xoxe.xoxb-1-new")
        #expect(refreshed.rotation == TokenRotation(refreshToken: SlackRefreshToken("xoxe-1-new")!, expiresAt: Self.start + 60))
        #expect(transport.form == "grant_type=refresh_token&refresh_token=xoxe-1-old")
    }

    @Test(
        "refusals are typed and say nothing of the secret, the code or the tokens",
        arguments: [
            (
                200, #"{"ok": false, "error": "invalid_code"}"#,
                SlackWebAPIError.refused(method: "oauth.v2.access", error: "invalid_code")
            ),
            (200, #"{"ok": false, "error": "Bad <code> xoxb-123"}"#, .refused(method: "oauth.v2.access", error: "unknown_error")),
            (500, "oops", .status(method: "oauth.v2.access", code: 500, retryAfter: nil)),
            (200, "<html>", .unreadableAnswer(method: "oauth.v2.access")),
            (200, #"{"ok": true, "access_token": "xoxb-1", "team": {"id": "T1"}}"#, .unreadableAnswer(method: "oauth.v2.access")),
            (200, #"{"ok": true, "access_token": "xoxb-1", "bot_user_id": "U0"}"#, .unreadableAnswer(method: "oauth.v2.access")),
        ])
    func refusals(_ status: Int, _ body: String, _ expected: SlackWebAPIError) async {
        do {
            _ = try await client(Answering(status: status, body)).exchange(code: "the-code", redirectURI: "r")
            Issue.record("accepted")
        } catch {
            #expect(error == expected)
            for secret in [Self.secret, "the-code", "xoxb-"] { #expect(!error.description.contains(secret)) }
        }
        let credentials = SlackAppCredentials(clientID: "123.456", clientSecret: Self.secret)
        #expect(!String(describing: credentials).contains(Self.secret) && !String(reflecting: credentials).contains(Self.secret))
    }
}
