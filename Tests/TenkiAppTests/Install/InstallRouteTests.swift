import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPServer
import TenkiSecurity
import TenkiStorage
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The install routes and the installation events in one process, on a manual clock: a `state`
/// expires after 10 minutes, `TENKI_ALLOWED_TEAMS` refuses others, `tokens_revoked` with a bot
/// token removes the installation only, and distributed mode's settings are checked at start.
@Suite("Install routes and installation events")
struct InstallRouteTests {
    static let base = "http://127.0.0.1:8080"
    static let environment = [
        "SLACK_CLIENT_ID": "1234.5678", "SLACK_CLIENT_SECRET": "client-secret", "TENKI_PUBLIC_URL": base,
        "TENKI_ENCRYPTION_KEY": Data(repeating: 9, count: 32).base64EncodedString(),
        "SLACK_API_BASE_URL": "http://fakes.test/slack-api",
        "SLACK_OAUTH_AUTHORIZE_URL": "http://fakes.test/slack-oauth/authorize",
    ]

    struct Stack {
        let clock = ManualClock(AppHarness.now)
        let harness: AppHarness

        init(
            _ extra: [String: String] = [:], state: ServerDependencies.StateLocation = .memory,
            lateAnswers: ServerDependencies.LateAnswerRoute = .none,
            waitForBudget: @escaping @Sendable (Duration) async -> Void = AppHarness.budgetNeverSpent
        ) throws {
            harness = try AppHarness(
                environment: InstallRouteTests.environment.merging(extra) { $1 }, lateAnswers: lateAnswers, state: state,
                waitForBudget: waitForBudget, clock: clock)
        }

        var router: TenkiRouter { harness.application.router }
        var installations: CachedInstallationStore { harness.application.workspaces.installations! }

        func get(_ target: String, cookie: String? = nil) async -> HTTPResponse {
            var headers = HTTPHeaders()
            if let cookie { headers.set("Cookie", cookie) }
            return await router.respond(to: HTTPRequest(method: "GET", target: target, headers: headers))
        }

        /// The install page, then the fake Slack's answer for `team`: the redirect's target and the cookie.
        func startInstall(team: String) async throws -> (redirect: String, cookie: String) {
            let page = await get("/slack/install")
            #expect(page.status == .ok)
            let setCookie = try #require(page.headers["Set-Cookie"])
            for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Max-Age=600"] { #expect(setCookie.contains(attribute)) }
            let state = try #require(InstallBrowserTests.query("state", inLinkOf: String(decoding: page.body, as: UTF8.self)))
            let allow = harness.fakes.slackOAuth.handle(
                HTTPRequest(
                    method: "GET",
                    target:
                        "/slack-oauth/authorize?team=\(team)&state=\(state)&redirect_uri=\(InstallRouteTests.base)/slack/oauth_redirect"
                ))
            let location = try #require(allow.headers["Location"])
            return (String(location.dropFirst(InstallRouteTests.base.count)), String(setCookie.split(separator: ";")[0]))
        }

        func installed(_ team: String) async throws -> Installation? {
            try await installations.installation(enterprise: nil, team: team)
        }
    }

    @Test("a state is accepted for 10 minutes: at 599 s it installs, at 601 s it is a 400 page and nothing is stored")
    func stateExpires() async throws {
        let stack = try Stack()
        let late = try await stack.startInstall(team: "T0FAKEONE")
        let inTime = try await stack.startInstall(team: "T0FAKETWO")
        stack.clock.advance(by: 599)
        let accepted = await stack.get(inTime.redirect, cookie: inTime.cookie)
        #expect(accepted.status == .ok)
        stack.clock.advance(by: 2)
        let expired = await stack.get(late.redirect, cookie: late.cookie)
        #expect(expired.status.code == 400)
        #expect(String(decoding: expired.body, as: UTF8.self).contains("This install link expired"))
        #expect(try await stack.installed("T0FAKEONE") == nil)
        #expect(try await stack.installed("T0FAKETWO")?.teamName == "Fake Workspace Two")
        #expect(stack.harness.fakes.slackOAuth.calls.count == 1, "the expired state never reached oauth.v2.access")
    }

    @Test("no state, or Cancel without one: a 400 page; a workspace outside TENKI_ALLOWED_TEAMS: a 403 page; none stored")
    func refusals() async throws {
        let stack = try Stack(["TENKI_ALLOWED_TEAMS": "T0FAKETWO"])
        #expect(await stack.get("/slack/oauth_redirect?code=x").status.code == 400)
        let cancelled = await stack.get("/slack/oauth_redirect?error=access_denied")
        #expect(cancelled.status.code == 400)
        #expect(String(decoding: cancelled.body, as: UTF8.self).contains("You chose Cancel in Slack."))
        let other = try await stack.startInstall(team: "T0FAKEONE")
        let refused = await stack.get(other.redirect, cookie: other.cookie)
        #expect(refused.status.code == 403)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("This workspace may not install Tenki"))
        #expect(try await stack.installed("T0FAKEONE") == nil)
        let allowed = try await stack.startInstall(team: "T0FAKETWO")
        #expect(await stack.get(allowed.redirect, cookie: allowed.cookie).status == .ok)
        #expect(try await stack.installed("T0FAKETWO") != nil)
        #expect(await stack.get("/slack/install", cookie: nil).headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(await stack.router.respond(to: HTTPRequest(method: "POST", target: "/slack/install")).status.code == 405)
    }

    @Test("a late command's pending work and its queued answer carry the workspace's key: app_uninstalled removes both")
    func lateWorkRemovedOnUninstall() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-late-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        // The inline budget is spent at once: every command is answered late, through the queue.
        let stack = try Stack(
            ["TENKI_STATE": file, "TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com"], state: .settings, lateAnswers: .queued,
            waitForBudget: { _ in })
        let install = try await stack.startInstall(team: "T0TENKI")
        #expect(await stack.get(install.redirect, cookie: install.cookie).status == .ok)
        // Held until the placeholder is sent, so the answer is late whichever finishes first.
        stack.harness.fakes.openWeather.gate.close()
        #expect(await stack.harness.send("/weather", "16.07,108.22").status == .ok)
        stack.harness.fakes.openWeather.gate.open()
        let queued = try await TenkiRun.until {
            try InstallBrowserTests.count("deliveries", where: "installation_key", is: "T0TENKI", in: file) == 1
        }
        #expect(queued, "the late answer was queued with the workspace's key")
        // A lookup that does not end: its pending work stays in the state.
        stack.harness.fakes.openWeather.setLatency(.seconds(3600))
        #expect(await stack.harness.send("/weather", "35.68,139.76").status == .ok)
        let held = try await TenkiRun.until {
            try InstallBrowserTests.count("pending_commands", where: "installation_key", is: "T0TENKI", in: file) == 1
        }
        #expect(held, "the pending command carries the workspace's key")
        let uninstalled = await stack.router.respond(
            to: Self.event(#"{"type":"event_callback","team_id":"T0TENKI","event":{"type":"app_uninstalled"}}"#))
        #expect(uninstalled.status == .ok)
        for table in ["deliveries", "pending_commands", "installations"] {
            #expect(try InstallBrowserTests.count(table, where: "installation_key", is: "T0TENKI", in: file) == 0, "\(table)")
        }
    }

    @Test(
        "a retried app_uninstalled counts as a duplicate; a late retry sent before the workspace installed again keeps the new install"
    )
    func uninstallRetries() async throws {
        let stack = try Stack()
        let sent = Int(AppHarness.now.timeIntervalSince1970) + 10
        let deliveries = Mutex(0)
        // Each delivery signed afresh, as Slack signs each retry (the same signature twice is a replay).
        func uninstall(id: String, sentAt: Int) async -> HTTPResponse {
            let attempt = deliveries.withLock { count in
                count += 1
                return count
            }
            return await stack.router.respond(
                to: Self.event(
                    #"{"type":"event_callback","team_id":"T0FAKEONE","event_id":"\#(id)","event_time":\#(sentAt),"#
                        + #""event":{"type":"app_uninstalled"}}"#,
                    signedAt: stack.clock.now().addingTimeInterval(Double(attempt))))
        }
        func count(_ outcome: String) -> Double {
            stack.harness.application.metrics.counter("tenki_events_total", [("type", "app_uninstalled"), ("outcome", outcome)])
        }
        let first = try await stack.startInstall(team: "T0FAKEONE")
        #expect(await stack.get(first.redirect, cookie: first.cookie).status == .ok)
        #expect(await uninstall(id: "Ev0UNINST", sentAt: sent).status == .ok)
        #expect(try await stack.installed("T0FAKEONE") == nil)
        #expect(await uninstall(id: "Ev0UNINST", sentAt: sent).status == .ok)
        #expect((count("handled"), count("duplicate")) == (1, 1))
        // Installed again a minute later; Slack's retry of the old uninstall arrives after that.
        stack.clock.advance(by: 60)
        let again = try await stack.startInstall(team: "T0FAKEONE")
        #expect(await stack.get(again.redirect, cookie: again.cookie).status == .ok)
        #expect(await uninstall(id: "Ev0UNINST", sentAt: sent).status == .ok)
        #expect(try await stack.installed("T0FAKEONE") != nil, "an uninstall sent before this install does not remove it")
        // A new uninstall, sent after the install, does.
        #expect(await uninstall(id: "Ev0UNINST2", sentAt: sent + 120).status == .ok)
        #expect(try await stack.installed("T0FAKEONE") == nil)
        #expect((count("handled"), count("duplicate")) == (2, 2))
    }

    @Test("with many workspaces the Home tab is published with the opening user's workspace token, looked up when sent")
    func homeTabWithInstallationToken() async throws {
        let stack = try Stack()
        for team in ["T0FAKEONE", "T0FAKETWO"] {
            let install = try await stack.startInstall(team: team)
            #expect(await stack.get(install.redirect, cookie: install.cookie).status == .ok)
        }
        let opened = await stack.router.respond(
            to: Self.event(
                #"{"type":"event_callback","team_id":"T0FAKETWO","event_id":"Ev0HOME2","#
                    + #""event":{"type":"app_home_opened","user":"U0TWO","tab":"home"}}"#))
        #expect(opened.status == .ok)
        #expect(await stack.harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        _ = await stack.harness.application.queue.runOnce(now: stack.clock.now())
        let publishes = stack.harness.fakes.slackAPI.accepted("views.publish")
        #expect(publishes.count == 1 && publishes.first?.userID == "U0TWO")
        #expect(stack.harness.fakes.slackAPI.team(ofAuthorization: publishes.first?.authorization) == "T0FAKETWO")
    }

    @Test("tenki_installations counts the installations in the shared store after each token refresh pass")
    func installationsGauge() async throws {
        let stack = try Stack()
        for team in ["T0FAKEONE", "T0FAKETWO"] {
            let install = try await stack.startInstall(team: team)
            #expect(await stack.get(install.redirect, cookie: install.cookie).status == .ok)
        }
        let application = stack.harness.application
        // Never started: only the service list is wanted.
        let listener = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: application.router, logger: .discarding)
        let members = application.services(
            .init(main: listener, port: 0, metrics: nil), scheduler: nil, bounds: .init(delay: .zero, timeout: .zero))
        let service = try #require(members.first { $0.name == "token refresh" })
        let run = Task { try? await service.service.run() }
        defer { run.cancel() }
        let counted = try await TenkiRun.until { application.metrics.gauge("tenki_installations") == 2 }
        #expect(counted, "\(application.metrics.exposition())")
    }

    @Test("without SLACK_CLIENT_ID the install pages are 404")
    func notServedWithOneWorkspace() async throws {
        let harness = try AppHarness()
        #expect(
            await harness.application.router.respond(to: HTTPRequest(method: "GET", target: "/slack/install")).status.code == 404)
        #expect(harness.application.workspaces.installations == nil)
    }

    @Test("tokens_revoked naming a bot token removes the installation only; naming only user tokens, nothing")
    func tokensRevoked() async throws {
        let stack = try Stack()
        let install = try await stack.startInstall(team: "T0FAKEONE")
        #expect(await stack.get(install.redirect, cookie: install.cookie).status == .ok)
        let userOnly = await stack.router.respond(
            to: Self.event(
                #"{"type":"event_callback","team_id":"T0FAKEONE","event":{"type":"tokens_revoked","tokens":{"oauth":["U1"]}}}"#))
        #expect(userOnly.status == .ok)
        #expect(try await stack.installed("T0FAKEONE") != nil)
        let bot = await stack.router.respond(
            to: Self.event(
                #"{"type":"event_callback","team_id":"T0FAKEONE","event":{"type":"tokens_revoked","tokens":{"bot":["U0BOT"]}}}"#))
        #expect(bot.status == .ok)
        #expect(try await stack.installed("T0FAKEONE") == nil)
        let exposition = stack.harness.application.metrics.exposition()
        #expect(exposition.contains(#"tenki_events_total{type="tokens_revoked",outcome="handled"} 1"#), "\(exposition)")
    }

    @Test(
        "SLACK_BOT_TOKEN with SLACK_CLIENT_ID, or distributed mode without its key, secret or public URL: one line naming the setting"
    )
    func settingsErrors() throws {
        func problem(_ changes: [String: String?]) -> String {
            var environment = Self.environment
            for (name, value) in changes { environment[name] = value }
            do {
                _ = try Settings.load(environment: environment)
                return "loaded"
            } catch {
                return error.description
            }
        }
        let both = problem(["SLACK_BOT_TOKEN": "xoxb-1-2-3"])
        #expect(both.contains("SLACK_BOT_TOKEN") && both.contains("SLACK_CLIENT_ID") && !both.contains("xoxb-1-2-3"))
        #expect(problem(["TENKI_ENCRYPTION_KEY": nil]).contains("configuration error: TENKI_ENCRYPTION_KEY is not set"))
        #expect(problem(["SLACK_CLIENT_SECRET": nil]).contains("configuration error: SLACK_CLIENT_SECRET is not set"))
        #expect(problem(["TENKI_PUBLIC_URL": nil]).contains("configuration error: TENKI_PUBLIC_URL is not set"))
        #expect(problem(["SLACK_CLIENT_ID": nil]).contains("configuration error: SLACK_CLIENT_SECRET is set"))
        #expect(problem([:]) == "loaded")
        #expect(!problem(["SLACK_CLIENT_ID": nil]).contains("client-secret"))
    }

    static func event(_ json: String, signedAt: Date = AppHarness.now) -> HTTPRequest {
        let body = Array(json.utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        for (name, value) in SlackRequestSigner(signingSecret: AppHarness.secret).headers(
            timestamp: Int64(signedAt.timeIntervalSince1970), body: body)
        {
            headers.add(name, value)
        }
        return HTTPRequest(method: "POST", target: "/slack/events", headers: headers, body: body)
    }
}
