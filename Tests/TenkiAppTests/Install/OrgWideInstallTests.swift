import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity
import TenkiStorage
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// An Enterprise Grid org-wide install, through a real listener on 127.0.0.1: its teams'
/// requests are answered with the organisation's token, what they save and queue carries the
/// enterprise as installation key, and the organisation's `app_uninstalled` leaves none of it,
/// while a workspace with its own install keeps everything. On the SQLite file and, when a test
/// server is available, on PostgreSQL.
@Suite("Enterprise Grid: an org-wide install and its uninstall")
struct OrgWideInstallTests {
    static let enterprise = "E0FAKEORG"
    static let orgTeams = ["T0ORGONE", "T0ORGTWO"]
    static let workspace = "T0FAKEONE"
    static let orgToken = "xoxb-fake-E0FAKEORG-org"
    static let tables = ["installations", "user_preferences", "subscriptions", "deliveries", "pending_commands"]

    enum Backend: String, Sendable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
        static var available: [Backend] { [.sqlite] + (AppPostgres.isEnabled ? [.postgres] : []) }
    }

    /// `InstallRouteTests.Stack` on a durable state, every command answered late (its pending
    /// work and queued answer are what an uninstall must remove), and a listener in front.
    struct Live {
        let stack: InstallRouteTests.Stack
        let listener: HTTPServer
        let port: Int
        let transport = CurlTransport()
        let count: @Sendable (String) throws -> Int
        let cleanup: @Sendable () -> Void

        init(_ backend: Backend) async throws {
            var environment = ["TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com"]
            switch backend {
            case .sqlite:
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-org-\(UUID()).sqlite").path
                environment["TENKI_STATE"] = file
                count = { sql in try OrgWideInstallTests.sqliteCount(sql, in: file) }
                cleanup = { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
            case .postgres:
                let url = try await AppPostgres.freshURL()
                environment["TENKI_STATE"] = ""
                environment["TENKI_DATABASE_URL"] = url
                count = { sql in
                    try PostgresConnection(url: try PostgresURL(url)).query(sql, []) { $0.int(0) }.first ?? -1
                }
                cleanup = {}
            }
            stack = try InstallRouteTests.Stack(environment, state: .settings, lateAnswers: .queued, waitForBudget: { _ in })
            listener = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: stack.router, logger: .discarding)
            port = try listener.start()
        }

        func stop() async {
            await listener.shutdown(gracePeriod: .seconds(1))
            cleanup()
        }

        /// A signed request to the listener, at the harness's time.
        func post(_ path: String, body: [UInt8], contentType: String) async throws -> OutboundResponse {
            var headers: HTTPHeaders = ["Content-Type": contentType]
            for (name, value) in SlackRequestSigner(signingSecret: AppHarness.secret).headers(
                timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: body)
            {
                headers.add(name, value)
            }
            let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
            return try await transport.send(
                OutboundRequest(method: "POST", url: url, headers: headers, body: body, timeout: .seconds(60)))
        }

        /// A slash command from `team`: under the organisation's org-wide install when `team` is one of its.
        func command(_ text: String, team: String) async throws -> OutboundResponse {
            let org = OrgWideInstallTests.orgTeams.contains(team)
            var fields = [
                ("team_id", team), ("team_domain", team.lowercased()), ("channel_id", "C\(team)"), ("channel_name", "general"),
                ("user_id", "U\(team)"), ("user_name", "someone"), ("command", "/weather"), ("text", text),
                ("api_app_id", "A0TENKI"),
                ("is_enterprise_install", org ? "true" : "false"),
                ("response_url", "https://hooks.slack.com/commands/\(team)/\(UUID().uuidString)"),
                ("trigger_id", UUID().uuidString),
            ]
            if org { fields += [("enterprise_id", OrgWideInstallTests.enterprise), ("enterprise_name", "Fake Org")] }
            let body = Array(FormURLEncoded.encode(fields).utf8)
            return try await post("/slack/commands", body: body, contentType: "application/x-www-form-urlencoded")
        }

        func event(_ json: String) async throws -> OutboundResponse {
            try await post("/slack/events", body: Array(json.utf8), contentType: "application/json")
        }

        /// Rows carrying the installation key `key`, per table.
        func rowsKeyed(to key: String) throws -> [String: Int] {
            var rows: [String: Int] = [:]
            for table in OrgWideInstallTests.tables {
                rows[table] = try count("SELECT COUNT(*) FROM \(table) WHERE installation_key = '\(key)'")
            }
            return rows
        }

        /// Rows that name `team` itself: a preference (keyed by the enterprise on Grid) or a subscription.
        func rowsNaming(_ team: String) throws -> Int {
            try count("SELECT COUNT(*) FROM user_preferences WHERE team = '\(team)'")
                + count("SELECT COUNT(*) FROM subscriptions WHERE team = '\(team)'")
        }
    }

    static func sqliteCount(_ sql: String, in file: String) throws -> Int {
        let program = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute(sys.argv[2]).fetchone()[0])"
        let result = InstallBrowserTests.shell("python3 -c \"$0\" \"$@\"", [program, file, sql])
        guard result.status == 0, let number = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw InstallBrowserTests.CountFailed(description: result.output)
        }
        return number
    }

    /// The organisation's install as `oauth.v2.access` would give it, and the fake Web API told to take its token.
    static func installOrganisation(in stack: InstallRouteTests.Stack) async throws {
        try await stack.installations.save(
            Installation(
                teamID: nil, enterpriseID: enterprise, enterpriseName: "Fake Org", isEnterpriseInstall: true,
                botUserID: "B0ORG", botToken: SlackBotToken(orgToken)!, scopes: ["commands", "chat:write", "users:read"],
                installerUserID: "U0ADMIN", installedAt: AppHarness.now))
        stack.harness.fakes.slackAPI.accept(token: orgToken, team: enterprise)
    }

    @Test(
        "an org-wide install answers its teams with its token; its app_uninstalled leaves 0 rows; another workspace keeps all",
        arguments: Backend.available)
    func organisationUninstall(_ backend: Backend) async throws {
        let live = try await Live(backend)
        let stack = live.stack
        let fakes = stack.harness.fakes
        let install = try await stack.startInstall(team: Self.workspace)
        #expect(await stack.get(install.redirect, cookie: install.cookie).status == .ok)
        try await Self.installOrganisation(in: stack)
        let teams = Self.orgTeams + [Self.workspace]
        let key = { (team: String) in Self.orgTeams.contains(team) ? Self.enterprise : team }

        // What each team saves: preferences and a subscription, then an answer queued late.
        for (index, team) in teams.enumerated() {
            #expect(try await live.command("set Da Nang", team: team).status == 200)
            #expect(try await live.command("subscribe Da Nang at 07:00", team: team).status == 200)
            let saved = try await TenkiRun.until {
                try live.count("SELECT COUNT(*) FROM subscriptions WHERE team = '\(team)'") == 1
                    && live.count("SELECT COUNT(*) FROM user_preferences WHERE installation_key = '\(key(team))'") >= 1
            }
            #expect(saved, "\(team): preferences and a subscription saved")
            let deliveries = "SELECT COUNT(*) FROM deliveries WHERE installation_key = '\(key(team))'"
            let earlier = try live.count(deliveries)
            fakes.openWeather.gate.close()
            #expect(try await live.command("16.0\(index),108.2\(index)", team: team).status == 200)
            fakes.openWeather.gate.open()
            let queued = try await TenkiRun.until { try live.count(deliveries) > earlier }
            #expect(queued, "\(team): a late answer queued under its installation key")
        }
        // Work still owed: each team's pending command stays in the state.
        fakes.openWeather.setLatency(.seconds(3600))
        for (index, team) in teams.enumerated() {
            #expect(try await live.command("35.6\(index),139.7\(index)", team: team).status == 200)
        }
        let held = try await TenkiRun.until {
            try live.count("SELECT COUNT(*) FROM pending_commands WHERE installation_key = '\(Self.enterprise)'") == 2
                && live.count("SELECT COUNT(*) FROM pending_commands WHERE installation_key = '\(Self.workspace)'") == 1
        }
        #expect(held, "pending commands carry their installation's key")

        // A command from a team under the org is answered with the org's token.
        for team in Self.orgTeams {
            let confirmations = fakes.slackAPI.posted(to: "C\(team)")
            #expect(!confirmations.isEmpty, "\(team)'s subscription was confirmed in its channel")
            #expect(confirmations.allSatisfy { $0.authorization == "Bearer \(Self.orgToken)" }, "\(team)")
        }
        #expect(fakes.slackAPI.posted(to: "C\(Self.workspace)").allSatisfy { $0.authorization != "Bearer \(Self.orgToken)" })

        let before = try live.rowsKeyed(to: Self.enterprise)
        #expect(before.values.allSatisfy { $0 >= 1 } && before["installations"] == 1, "\(before)")
        #expect(before["subscriptions"] == 2 && before["pending_commands"] == 2, "\(before)")
        let workspaceBefore = try live.rowsKeyed(to: Self.workspace)
        #expect(workspaceBefore.values.allSatisfy { $0 >= 1 }, "\(workspaceBefore)")

        let uninstalled = try await live.event(
            #"{"type":"event_callback","team_id":"T0ORGONE","enterprise_id":"E0FAKEORG","#
                + #""authorizations":[{"enterprise_id":"E0FAKEORG","team_id":null,"is_enterprise_install":true}],"#
                + #""event_id":"Ev0ORGGONE","event":{"type":"app_uninstalled"}}"#)
        #expect(uninstalled.status == 200)

        let after = try live.rowsKeyed(to: Self.enterprise)
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
        for team in Self.orgTeams + [Self.enterprise] { #expect(try live.rowsNaming(team) == 0, "\(team)") }
        #expect(try live.rowsKeyed(to: Self.workspace) == workspaceBefore, "the other workspace keeps everything")

        // The other workspace keeps working; the organisation's teams are told Tenki is gone.
        fakes.openWeather.setLatency(.zero)
        #expect(try await live.command("set units imperial", team: Self.workspace).status == 200)
        let unitsSaved = try await TenkiRun.until {
            try live.count(
                "SELECT COUNT(*) FROM user_preferences WHERE installation_key = '\(Self.workspace)' AND units = 'imperial'")
                == 1
        }
        #expect(unitsSaved, "the workspace's command was answered and saved")
        let orgCommand = try await live.command("Da Nang", team: "T0ORGONE")
        #expect(String(decoding: orgCommand.body, as: UTF8.self).contains("Tenki is not installed in this workspace"))
        await live.stop()
    }

    @Test("the Home tab of a user in a team under an org-wide install is published with the organisation's token")
    func homeTabUnderOrganisation() async throws {
        let stack = try InstallRouteTests.Stack()
        try await Self.installOrganisation(in: stack)
        let opened = await stack.router.respond(
            to: InstallRouteTests.event(
                #"{"type":"event_callback","team_id":"T0ORGTWO","enterprise_id":"E0FAKEORG","event_id":"Ev0ORGHOME","#
                    + #""authorizations":[{"enterprise_id":"E0FAKEORG","team_id":null,"is_enterprise_install":true}],"#
                    + #""event":{"type":"app_home_opened","user":"U0ORGUSER","tab":"home"}}"#))
        #expect(opened.status == .ok)
        #expect(await stack.harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        _ = await stack.harness.application.queue.runOnce(now: stack.clock.now())
        let publishes = stack.harness.fakes.slackAPI.accepted("views.publish")
        #expect(publishes.count == 1 && publishes.first?.userID == "U0ORGUSER")
        #expect(stack.harness.fakes.slackAPI.team(ofAuthorization: publishes.first?.authorization) == Self.enterprise)
    }

    @Test("tokens_revoked for an org-wide install's bot removes the organisation's installation, by its enterprise id")
    func organisationTokenRevoked() async throws {
        let stack = try InstallRouteTests.Stack()
        try await Self.installOrganisation(in: stack)
        #expect(try await stack.installations.installation(enterprise: Self.enterprise, team: "T0ORGONE") != nil)
        let revoked = await stack.router.respond(
            to: InstallRouteTests.event(
                #"{"type":"event_callback","team_id":"T0ORGONE","enterprise_id":"E0FAKEORG","#
                    + #""authorizations":[{"enterprise_id":"E0FAKEORG","team_id":null,"is_enterprise_install":true}],"#
                    + #""event":{"type":"tokens_revoked","tokens":{"bot":["B0ORG"]}}}"#))
        #expect(revoked.status == .ok)
        #expect(try await stack.installations.installation(enterprise: Self.enterprise, team: "T0ORGONE") == nil)
    }

    @Test("the installation key a request carries: the enterprise for an org-wide install, else the team")
    func installationKeys() throws {
        #expect(InboundContext.installationKey(enterprise: "E1", team: "T1", isEnterpriseInstall: true) == "E1")
        #expect(InboundContext.installationKey(enterprise: "E1", team: "T1", isEnterpriseInstall: false) == "T1")
        #expect(InboundContext.installationKey(enterprise: nil, team: "T1", isEnterpriseInstall: true) == "T1")
        #expect(InboundContext.installationKey(enterprise: "", team: nil, isEnterpriseInstall: false) == nil)
        let json =
            #"{"type":"block_actions","team":{"id":"T1"},"enterprise":{"id":"E1","name":"Org"},"#
            + #""is_enterprise_install":true,"user":{"id":"U1"}}"#
        let press = try InteractionPayload(json: Data(json.utf8))
        #expect(press.enterpriseID == "E1" && press.isEnterpriseInstall)
    }
}
