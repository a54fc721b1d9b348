import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiSlackAPI
import TenkiStorage

/// `GET /slack/install` and `GET /slack/oauth_redirect`, the two pages of a workspace's install.
///
/// The install page issues a `state` (`OAuthStateStore`) and sets the cookie it is bound to
/// (`HttpOnly; Secure; SameSite=Lax`, only sent back to the redirect path). The redirect checks,
/// in this order, Slack's `error` (Cancel), the `state` (used up whatever the outcome: missing,
/// unknown or reused, expired, without its cookie or with another browser's), the code's exchange
/// (`oauth.v2.access`) and `TENKI_ALLOWED_TEAMS`; only then is the installation stored. Every
/// refusal is a page that says what went wrong and how to start again, and stores nothing.
struct InstallEndpoint: Sendable {
    typealias Exchange = @Sendable (_ code: String, _ redirectURI: String) async throws(SlackWebAPIError) -> Installation

    static let installPath = "/slack/install"
    static let redirectPath = "/slack/oauth_redirect"
    static let cookieName = "tenki_install"

    let app: Settings.SlackAppSettings
    let states: any OAuthStateStore
    let installations: any InstallationStore
    let exchange: Exchange
    let metrics: MetricsRegistry

    init(
        app: Settings.SlackAppSettings, states: any OAuthStateStore, installations: any InstallationStore,
        exchange: @escaping Exchange, metrics: MetricsRegistry
    ) {
        self.app = app
        self.states = states
        self.installations = installations
        self.exchange = exchange
        self.metrics = metrics
        metrics.describe(
            "tenki_installs_total", type: "counter", help: "Install attempts that came back from Slack, by outcome.")
    }

    static func serves(_ path: Substring) -> Bool { path == installPath || path == redirectPath }

    func answer(_ request: HTTPRequest, log: Logger) async -> HTTPResponse {
        let language = AcceptLanguage.preferred(request.headers["Accept-Language"])
        guard request.path == Self.installPath else { return await redirect(request, language: language, log: log) }
        let grant: OAuthStateGrant
        do {
            grant = try await states.issue()
        } catch {
            log.error("install page: no state could be stored", [("error", error.description)])
            return .text(
                .serviceUnavailable, "the install page is unavailable for a moment; reload it\n", headers: ["Retry-After": "5"])
        }
        guard
            let link = SlackAuthorizeLink.url(
                authorize: app.authorizeURL, clientID: app.credentials.clientID, publicURL: app.publicURL, state: grant.state)
        else { return .text(.internalServerError, "\(SettingsTable.name(\.slackOAuthAuthorizeURL)) cannot carry a query\n") }
        var response = page(.install(authorizeLink: link), language)
        response.headers.set(
            "Set-Cookie",
            "\(Self.cookieName)=\(grant.cookie); Path=\(Self.redirectPath); Max-Age=\(Int(OAuthStateGrant.lifetime)); "
                + "HttpOnly; Secure; SameSite=Lax")
        return response
    }

    private func redirect(_ request: HTTPRequest, language: WeatherLanguage, log: Logger) async -> HTTPResponse {
        let query = Self.fields(request.query)
        let failure: InstallFailure
        switch await check(query, cookie: Self.cookie(Self.cookieName, in: request.headers.values(for: "Cookie")), log: log) {
        case .success(let installation):
            metrics.increment("tenki_installs_total", [("outcome", "installed")])
            let team = installation.teamName ?? installation.enterpriseName ?? installation.key ?? ""
            let link = InstallPage.slackLink(team: installation.teamID ?? installation.key ?? "")!
            return forgettingCookie(page(.installed(teamName: team, slackLink: link), language))
        case .failure(let refused):
            failure = refused
        }
        metrics.increment("tenki_installs_total", [("outcome", failure.rawValue)])
        log.notice("install refused", [("reason", failure.rawValue)])
        return forgettingCookie(page(.failed(failure, installPage: Self.installPath), language))
    }

    /// The installation stored, or why not.
    private func check(
        _ query: [String: String], cookie: String?, log: Logger
    ) async -> Result<Installation, InstallFailure> {
        guard let state = query["state"], !state.isEmpty else {
            return .failure(query["error"] == "access_denied" ? .accessDenied : .stateMissing)
        }
        let verdict: OAuthStateCheck
        do {
            verdict = try await states.consume(state, cookie: cookie)
        } catch {
            log.error("install: the state could not be checked", [("error", error.description)])
            return .failure(.stateUnknown)
        }
        // Cancel in Slack comes back with the state: used up here, then reported as the cancel.
        if query["error"] != nil { return .failure(.accessDenied) }
        if let refused = InstallFailure(verdict) { return .failure(refused) }
        guard let code = query["code"], !code.isEmpty else { return .failure(.exchangeRefused) }
        let installation: Installation
        do {
            installation = try await exchange(code, SlackAuthorizeLink.redirectURI(publicURL: app.publicURL))
        } catch {
            log.warning("install: oauth.v2.access refused the code", [("error", error.description)])
            return .failure(.exchangeRefused)
        }
        guard let key = installation.key, app.allows(key: key, team: installation.teamID) else {
            log.notice(
                "install refused: workspace not in \(SettingsTable.name(\.allowedTeams))", [("team", installation.key ?? "-")])
            return .failure(.teamNotAllowed)
        }
        do {
            try await installations.save(installation)
        } catch {
            log.error("install: the installation could not be stored", [("installation", key), ("error", error.description)])
            return .failure(.exchangeRefused)
        }
        log.notice("workspace installed", [("installation", key), ("scopes", installation.scopes.joined(separator: ","))])
        return .success(installation)
    }

    private func page(_ kind: InstallPage.Kind, _ language: WeatherLanguage) -> HTTPResponse {
        let page = InstallPage(kind: kind, language: language)
        var headers = HTTPHeaders()
        for (name, value) in InstallPage.headers { headers.set(name, value) }
        return HTTPResponse(status: HTTPStatus(code: page.status), headers: headers, body: Array(page.html.utf8))
    }

    /// The state's cookie is of no use once the redirect came: the browser drops it.
    private func forgettingCookie(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set(
            "Set-Cookie", "\(Self.cookieName)=; Path=\(Self.redirectPath); Max-Age=0; HttpOnly; Secure; SameSite=Lax")
        return response
    }

    /// The query's fields (the first of each name); an undecodable query has none.
    static func fields(_ query: Substring?) -> [String: String] {
        guard let query, let pairs = try? FormURLEncoded.decode(Array(query.utf8)) else { return [:] }
        var fields: [String: String] = [:]
        for pair in pairs where fields[pair.name] == nil { fields[pair.name] = pair.value }
        return fields
    }

    /// The value of cookie `name` in the request's `Cookie` headers (RFC 6265 §5.4: `a=1; b=2`).
    static func cookie(_ name: String, in headers: [String]) -> String? {
        for header in headers {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}
