import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPServer

/// A stand-in for Slack's side of an install: the authorize page a browser is sent to, and
/// `oauth.v2.access`, which trades the code (or, with rotation on, a refresh token) for a
/// workspace's bot token. Tokens are per workspace (`xoxb-fake-TEAM-N`, or `xoxe.xoxb-…` with a
/// refresh token `xoxe-1-…` when rotating) and accepted by the fake Web API from then on.
///
/// - `GET /slack-oauth/authorize?redirect_uri=…&state=…`: a page listing the workspaces (one link
///   each, and Cancel), as Slack's page lets the installer pick one; with `team=T…` the browser is
///   sent back at once for that workspace.
/// - `POST …/oauth.v2.access` (under `/slack-api/`): needs the client id and secret as Basic auth.
/// - `GET /slack-oauth/calls`: every exchange and refresh so far, as JSON.
/// - `POST /slack-oauth/rotation?expires_in=N`: tokens issued from now on expire in N s (0: never).
public final class FakeSlackOAuth: Sendable {
    /// One `oauth.v2.access` call: what it traded and for which workspace.
    public struct Call: Sendable, Equatable {
        /// `authorization_code` or `refresh_token`.
        public var grant: String
        public var team: String?
        /// The error it answered, nil when it issued a token.
        public var error: String?
    }

    /// The workspaces the authorize page offers: id and name.
    public static let workspaces = [("T0FAKEONE", "Fake Workspace One"), ("T0FAKETWO", "Fake Workspace Two")]

    struct State {
        var codes: [String: String] = [:]
        var refreshTokens: [String: String] = [:]
        var issued = 0
        var expiresIn = 0
        var calls: [Call] = []
    }

    let webAPI: FakeSlackWebAPI
    let state = Mutex(State())

    public init(webAPI: FakeSlackWebAPI) {
        self.webAPI = webAPI
    }

    public var calls: [Call] { state.withLock { $0.calls } }

    /// Tokens issued from now on expire in `seconds` and come with a refresh token (0: they never expire).
    public func setRotation(expiresIn seconds: Int) {
        state.withLock { $0.expiresIn = max(0, seconds) }
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let query = Self.fields(request.query.map(String.init) ?? "")
        switch (request.method, request.path) {
        case ("GET", "/slack-oauth/authorize"):
            return authorize(query)
        case ("GET", "/slack-oauth/calls"):
            let calls = calls.map { call -> [String: Any] in
                ["grant": call.grant, "team": call.team ?? NSNull(), "error": call.error ?? NSNull()]
            }
            return .json(.ok, FakeSlackWebAPI.encode(["calls": calls]))
        case ("POST", "/slack-oauth/rotation"):
            setRotation(expiresIn: Int(query["expires_in"] ?? "") ?? 0)
            return .text(.ok, "ok\n")
        case ("POST", _) where request.path.hasSuffix("/oauth.v2.access"):
            return access(request)
        default:
            return .text(.notFound, "the fake OAuth serves GET /slack-oauth/authorize, GET /slack-oauth/calls\n")
        }
    }

    private func authorize(_ query: [String: String]) -> HTTPResponse {
        guard let redirect = query["redirect_uri"], let state = query["state"], URL(string: redirect) != nil else {
            return .text(.badRequest, "redirect_uri and state are required\n")
        }
        func back(_ fields: [(String, String)]) -> String {
            redirect + (redirect.contains("?") ? "&" : "?")
                + fields.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
        }
        if let team = query["team"] {
            return HTTPResponse(
                status: HTTPStatus(code: 302), headers: ["Location": back([("code", issueCode(team)), ("state", state)])])
        }
        let links = Self.workspaces.map { id, name in
            "<li><a href=\"\(Self.escape(back([("code", issueCode(id)), ("state", state)])))\">Allow for \(name)</a></li>"
        }.joined()
        let cancel = Self.escape(back([("error", "access_denied"), ("state", state)]))
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Slack: allow Tenki</title></head>
            <body><main><h1>Fake Slack: allow Tenki?</h1><ul>\(links)</ul><p><a href="\(cancel)">Cancel</a></p></main></body></html>
            """
        return HTTPResponse(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    private func issueCode(_ team: String) -> String {
        let code = "fake-code-\(UInt64.random(in: 1...UInt64.max))"
        state.withLock { $0.codes[code] = team }
        return code
    }

    private func access(_ request: HTTPRequest) -> HTTPResponse {
        let form = Self.fields(String(decoding: request.body, as: UTF8.self))
        let grant = form["grant_type"] ?? "authorization_code"
        let authorized = request.headers["Authorization"]?.hasPrefix("Basic ") == true
        let outcome: Result<(team: String, token: String, refresh: String?, expiresIn: Int), FakeOAuthError> = state.withLock {
            state in
            guard authorized else { return .failure(FakeOAuthError(code: "invalid_client_id", team: nil)) }
            let team: String?
            if grant == "refresh_token" {
                team = form["refresh_token"].flatMap { state.refreshTokens.removeValue(forKey: $0) }
            } else {
                team = form["code"].flatMap { state.codes.removeValue(forKey: $0) }
            }
            guard let team else {
                return .failure(
                    FakeOAuthError(code: grant == "refresh_token" ? "invalid_refresh_token" : "invalid_code", team: nil))
            }
            state.issued += 1
            let rotating = state.expiresIn > 0
            let token = (rotating ? "xoxe.xoxb-fake-" : "xoxb-fake-") + "\(team)-\(state.issued)"
            var refresh: String?
            if rotating {
                refresh = "xoxe-1-fake-\(team)-\(state.issued)"
                state.refreshTokens[refresh!] = team
            }
            return .success((team, token, refresh, state.expiresIn))
        }
        switch outcome {
        case .failure(let error):
            state.withLock { $0.calls.append(Call(grant: grant, team: error.team, error: error.code)) }
            return FakeSlackWebAPI.failure(error.code)
        case .success(let issued):
            webAPI.accept(token: issued.token, team: issued.team)
            state.withLock { $0.calls.append(Call(grant: grant, team: issued.team, error: nil)) }
            let name = Self.workspaces.first { $0.0 == issued.team }?.1 ?? "Workspace \(issued.team)"
            var answer: [String: Any] = [
                "access_token": issued.token, "token_type": "bot", "scope": "commands,chat:write,users:read",
                "bot_user_id": "U0BOT\(issued.team)", "app_id": "A0FAKE", "team": ["id": issued.team, "name": name],
                "enterprise": NSNull(), "is_enterprise_install": false, "authed_user": ["id": "U0INSTALLER"],
            ]
            if let refresh = issued.refresh {
                answer["refresh_token"] = refresh
                answer["expires_in"] = issued.expiresIn
            }
            return FakeSlackWebAPI.success(answer)
        }
    }

    struct FakeOAuthError: Error {
        var code: String
        var team: String?
    }

    static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if parts.count == 2, fields[parts[0]] == nil { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
