import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// Tenki as a multi-workspace app, end to end: real `tenki serve` and `tenki fakes` processes, and
/// headless Chromium (Debian's `chromium`) driven by Tests/Scripts/browser.py through the real
/// install pages and the fake Slack authorize page. Two workspaces install; a command and a
/// subscription in each are answered with that workspace's own bot token, as the fake Web API
/// records it; Cancel, a missing cookie and a reused `state` each get a 400 page and store nothing;
/// a signed `app_uninstalled` leaves no row keyed to that workspace while the other keeps working;
/// no token is in the state file or the logs.
///
/// Skipped with a notice when chromium or Python's `websockets` is missing, unless
/// `TENKI_TEST_REQUIRE_BROWSER=1` (CI). With `TENKI_INSTALL_SCREENSHOTS=DIR`, the pages' screenshots
/// are written to DIR (scripts/install-screenshots.sh writes docs/images/).
@Suite("Install through a real browser", .serialized)
struct InstallBrowserTests {
    static let secret = "install-browser-secret"
    static let one = "T0FAKEONE", two = "T0FAKETWO"

    static let unavailableReason: String? = {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") {
            return "chromium is not installed (apt-get install chromium)"
        }
        if shell("python3 -c 'import websockets'").status != 0 { return "python3 -c \"import websockets\" failed" }
        return nil
    }()

    static let isEnabled: Bool = {
        guard let reason = unavailableReason else { return true }
        if ProcessInfo.processInfo.environment["TENKI_TEST_REQUIRE_BROWSER"] == "1" { return true }
        FileHandle.standardError.write(Data("note: install browser tests skipped: \(reason)\n".utf8))
        return false
    }()

    @Test(
        "two workspaces install through the pages; each answered with its own token; refusals store nothing; uninstall removes one",
        .enabled(if: isEnabled))
    func installTwoWorkspaces() async throws {
        if let reason = Self.unavailableReason { Issue.record("required, but \(reason)"); return }
        guard TenkiRun.isBuilt() else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let shots = ProcessInfo.processInfo.environment["TENKI_INSTALL_SCREENSHOTS"] ?? scratch.path("shots")
        let fakes = try ChildProcess(["fakes", "--port", "0"], environment: [:])
        defer { fakes.stop() }
        let (out, _) = try await fakes.waitFor("the fakes' settings") { out, _ in out.contains("SLACK_API_BASE_URL=") }
        let api = try #require(ChildProcess.setting("SLACK_API_BASE_URL", in: out))
        let origin = String(api.dropLast("/slack-api".count))
        let port = try freeLoopbackPort()  // TENKI_PUBLIC_URL must name serve's port before it starts
        let base = "http://127.0.0.1:\(port)"
        let state = scratch.path("tenki.sqlite")
        var environment: [String: String] = [
            "SLACK_SIGNING_SECRET": Self.secret, "SLACK_API_BASE_URL": api, "SLACK_CLIENT_ID": "1234.5678",
            "SLACK_CLIENT_SECRET": "fake-client-secret", "SLACK_OAUTH_AUTHORIZE_URL": origin + "/slack-oauth/authorize",
            "TENKI_PUBLIC_URL": base, "TENKI_ENCRYPTION_KEY": Data(repeating: 7, count: 32).base64EncodedString(),
            "TENKI_STATE": state, "TENKI_ALLOWED_RESPONSE_HOSTS": "127.0.0.1", "TENKI_LOG_LEVEL": "debug",
        ]
        for name in ["OPENWEATHER_BASE_URL", "OPENWEATHER_API_KEY", "NEWSAPI_BASE_URL", "NEWSAPI_KEY"] {
            environment[name] = ChildProcess.setting(name, in: out)
        }
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--no-scheduler"], environment: environment)
        defer { serve.stop() }
        _ = try await serve.waitFor("the listener") { _, err in ChildProcess.listeningPort(in: err) != nil }

        // 1. Workspace one installs; Cancel and a lost cookie (trying workspace two) are refused.
        let first = try await Self.browse(
            [
                ["goto": base + "/slack/install"], ["expect_status": 200], ["expect_text": "Add Tenki to Slack"],
                ["screenshot": "install-en"],
                ["click": "a.button"], ["expect_url_prefix": origin + "/slack-oauth/authorize"],
                ["click": "li:nth-child(1) a"], ["expect_url_prefix": base + "/slack/oauth_redirect"], ["expect_status": 200],
                ["expect_text": "Tenki is now installed in Fake Workspace One."], ["screenshot": "install-success-en"],
                ["goto": base + "/slack/install"], ["click": "a.button"], ["click": "p a"], ["expect_status": 400],
                ["expect_text": "You chose Cancel in Slack."], ["screenshot": "install-failure-en"],
                ["goto": base + "/slack/install"], ["click": "a.button"],
                ["delete_cookie": InstallEndpoint.cookieName, "url": base + "/slack/oauth_redirect"],
                ["click": "li:nth-child(2) a"], ["expect_status": 400], ["expect_text": "did not send back"],
            ], screenshots: shots)
        #expect(first.status == 0, "\(first.output)")
        #expect(try Self.count("installations", in: state) == 1)
        #expect(try await Self.exchanges(origin) == [Self.one], "Cancel and the lost cookie never reached oauth.v2.access")

        // 2. Workspace two installs, in Japanese.
        let second = try await Self.browse(
            [
                ["language": "ja"], ["goto": base + "/slack/install"], ["expect_text": "Tenki を Slack に追加"],
                ["screenshot": "install-ja"], ["click": "a.button"], ["click": "li:nth-child(2) a"], ["expect_status": 200],
                ["expect_text": "Tenki を Fake Workspace Two にインストールしました。"], ["screenshot": "install-success-ja"],
            ], screenshots: shots)
        #expect(second.status == 0, "\(second.output)")
        #expect(try Self.count("installations", in: state) == 2)

        // 3. A reused state: the first use installs (again), the second is a 400 and reaches nobody.
        let transport = CurlTransport()
        let page = try await transport.send(OutboundRequest(url: try #require(URL(string: base + "/slack/install"))))
        let cookie = try #require(page.headers["Set-Cookie"]?.split(separator: ";").first.map(String.init))
        let html = String(decoding: page.body, as: UTF8.self)
        let stateValue = try #require(Self.query("state", inLinkOf: html))
        let redirect = base + "/slack/oauth_redirect"
        let allow = try await transport.send(
            OutboundRequest(
                url: try #require(
                    URL(string: origin + "/slack-oauth/authorize?team=\(Self.one)&state=\(stateValue)&redirect_uri=\(redirect)")))
        )
        let back = try #require(allow.headers["Location"].flatMap(URL.init(string:)))
        let used = try await transport.send(OutboundRequest(url: back, headers: ["Cookie": cookie]))
        #expect(used.status == 200)
        let exchangesBefore = try await Self.exchanges(origin).count
        let reused = try await transport.send(OutboundRequest(url: back, headers: ["Cookie": cookie]))
        #expect(reused.status == 400)
        #expect(String(decoding: reused.body, as: UTF8.self).contains("This install link was already used"))
        #expect(try await Self.exchanges(origin).count == exchangesBefore)
        #expect(try Self.count("installations", in: state) == 2)

        // 4. A command and a subscription in each workspace, each with its own token.
        let commands = try #require(URL(string: base + "/slack/commands"))
        let sender = SignedCommandSender(
            endpoint: commands, transport: transport, signingSecret: Self.secret, timeout: .seconds(60))
        for team in [Self.one, Self.two] {
            let weather = try await sender.send(body: Self.command("16.07,108.22", team: team))
            #expect(weather.status == 200)
            #expect(String(decoding: weather.body, as: UTF8.self).contains("Da Nang"), "\(team)")
            let set = try await sender.send(body: Self.command("set Da Nang", team: team))
            #expect(set.status == 200)
            let subscribe = try await sender.send(body: Self.command("subscribe Da Nang at 07:00", team: team))
            #expect(subscribe.status == 200, "\(team)")
        }
        let posts = try await Self.posts(origin)
        #expect(
            posts.filter { $0.posted }.map(\.team) == [Self.one, Self.two],
            "each confirmation posted with its own workspace's token")
        let stranger = try await sender.send(body: Self.command("16.07,108.22", team: "T0STRANGER"))
        #expect(String(decoding: stranger.body, as: UTF8.self).contains("Tenki is not installed in this workspace"))
        #expect(String(decoding: stranger.body, as: UTF8.self).contains(base + "/slack/install"))

        // 5. Workspace one uninstalls: no row keyed to it is left; workspace two keeps working.
        let tables = ["installations": "installation_key", "subscriptions": "team", "user_preferences": "team"]
        for (table, column) in tables { #expect(try Self.count(table, where: column, is: Self.one, in: state) == 1, "\(table)") }
        let event = try await Self.event(
            #"{"type":"event_callback","team_id":"\#(Self.one)","event_id":"Ev1","event":{"type":"app_uninstalled"}}"#, to: base)
        #expect(event.status == 200)
        for (table, column) in tables { #expect(try Self.count(table, where: column, is: Self.one, in: state) == 0, "\(table)") }
        for table in ["deliveries", "pending_commands"] {
            #expect(try Self.count(table, where: "installation_key", is: Self.one, in: state) == 0, "\(table)")
        }
        #expect(try Self.count("installations", where: "installation_key", is: Self.two, in: state) == 1)
        let gone = try await sender.send(body: Self.command("16.07,108.22", team: Self.one))
        #expect(String(decoding: gone.body, as: UTF8.self).contains("Tenki is not installed in this workspace"))
        let still = try await sender.send(body: Self.command("subscriptions", team: Self.two))
        #expect(String(decoding: still.body, as: UTF8.self).contains("Da Nang"))

        // 6. No token at rest, nor in the logs.
        serve.signal(SIGTERM)
        _ = try await serve.waitForExit()
        for file in [state, state + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
            for prefix in ["xoxb-", "xoxe-", "xoxp-"] { #expect(!bytes.contains(prefix), "\(prefix) in \(file)") }
        }
        for prefix in ["xoxb-", "xoxe-", "xoxp-"] { #expect(!serve.stderr.contains(prefix) && !serve.stdout.contains(prefix)) }
        #expect(serve.stderr.contains("workspace installed"))
    }
}
