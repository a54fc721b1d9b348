import Foundation
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity
import Testing

@testable import TenkiApp

@Suite("Socket Mode settings")
struct SocketModeSettingsTests {
    static let token = "xapp-1-A0123-456-abcdefsecret"

    func load(_ environment: [String: String], files: [String: String] = [:]) throws(ConfigurationError) -> Settings {
        try Settings.load(environment: environment) { path in
            guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return contents
        }
    }

    @Test("no SLACK_APP_TOKEN: no Socket Mode; the connections default to 2")
    func off() throws {
        #expect(try load([:]).socketMode == nil)
        let settings = try load(["SLACK_APP_TOKEN": Self.token])
        #expect(settings.socketMode?.appToken.value == Self.token)
        #expect(settings.socketMode?.connections == 2)
    }

    @Test("SLACK_APP_TOKEN_FILE is read, and the token never shows in the settings' description")
    func fromFile() throws {
        let settings = try load(
            ["SLACK_APP_TOKEN_FILE": "/run/secrets/slack_app_token", "TENKI_SOCKET_CONNECTIONS": "3"],
            files: ["/run/secrets/slack_app_token": Self.token + "\n"])
        #expect(settings.socketMode == SocketModeSettings(appToken: SlackAppToken(Self.token)!, connections: 3))
        #expect(!String(describing: settings).contains("abcdefsecret"))
        #expect(!String(reflecting: settings).contains("abcdefsecret"))
    }

    @Test(
        "a bot token, a blank or a spaced token is one line naming SLACK_APP_TOKEN, without the value",
        arguments: ["xoxb-123-456-secretvalue", "   ", "xapp-", "xapp-12 secretvalue"])
    func badToken(_ value: String) {
        do {
            _ = try load(["SLACK_APP_TOKEN": value])
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.setting == "SLACK_APP_TOKEN")
            if !value.trimmingCharacters(in: .whitespaces).isEmpty { #expect(error.description.contains("xapp-")) }
            #expect(!error.description.contains("secretvalue"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("TENKI_SOCKET_CONNECTIONS outside 1…10 is a configuration error naming it", arguments: ["0", "11", "two", "-1"])
    func connectionsRange(_ value: String) {
        #expect {
            _ = try load(["SLACK_APP_TOKEN": Self.token, "TENKI_SOCKET_CONNECTIONS": value])
        } throws: { error in
            (error as? ConfigurationError)?.setting == "TENKI_SOCKET_CONNECTIONS"
                && (error as? ConfigurationError)?.description.contains("1 to 10") == true
        }
    }

    @Test("an app token and no signing secret: serve builds, and the Slack HTTP ways in are 404")
    func socketModeOnly() async throws {
        let server = try TenkiServer.build(
            settings: try load(["SLACK_APP_TOKEN": Self.token]),
            dependencies: ServerDependencies(transport: AnsweringTransport { _ in .init(status: 500) }, lateAnswers: .none))
        for path in [TenkiRouter.commandsPath, TenkiRouter.interactionsPath, TenkiRouter.eventsPath] {
            let response = await server.router.respond(
                to: HTTPRequest(
                    method: "POST", target: path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: Array("a=b".utf8)))
            #expect(response.status == .notFound, "\(path)")
            #expect(server.router.answerWithoutBody(HTTPRequest(method: "POST", target: path))?.status == .notFound)
        }
        #expect(await server.router.respond(to: HTTPRequest(method: "GET", target: "/healthz")).status == .ok)
    }

    @Test("with a signing secret as well, the Slack HTTP ways in keep working beside Socket Mode")
    func both() async throws {
        let server = try TenkiServer.build(
            settings: try load(["SLACK_APP_TOKEN": Self.token, "SLACK_SIGNING_SECRET": "s3cret"]),
            dependencies: ServerDependencies(transport: AnsweringTransport { _ in .init(status: 500) }, lateAnswers: .none))
        let unsigned = await server.router.respond(
            to: HTTPRequest(
                method: "POST", target: TenkiRouter.commandsPath,
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("a=b".utf8)))
        #expect(unsigned.status == .unauthorized)
    }

    @Test("neither an app token nor a signing secret: the error names both ways")
    func neither() {
        #expect {
            _ = try TenkiServer.build(
                settings: try load([:]),
                dependencies: ServerDependencies(transport: AnsweringTransport { _ in .init(status: 500) }))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("SLACK_SIGNING_SECRET") && text.contains("SLACK_APP_TOKEN")
        }
    }
}

@Suite("Socket Mode app manifest")
struct SocketModeManifestTests {
    static let manifest = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deploy/slack-app-manifest.socket.yml")

    @Test("deploy/slack-app-manifest.socket.yml turns Socket Mode on, has no request URL, and gets the Home tab's events")
    func manifest() throws {
        let lines = try String(contentsOf: Self.manifest, encoding: .utf8).split(separator: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(trimmed.contains("socket_mode_enabled: true"))
        #expect(trimmed.contains("home_tab_enabled: true"))
        #expect(trimmed.contains("event_subscriptions:") && trimmed.contains("- app_home_opened"))
        #expect(!lines.contains { $0.contains("url:") || $0.contains("https://") })
        #expect(lines.contains { $0.contains("- command: /weather") } && lines.contains { $0.contains("- command: /news") })
    }
}
