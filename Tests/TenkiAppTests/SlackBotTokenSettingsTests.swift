import Foundation
import Testing

@testable import TenkiApp

@Suite("Slack bot token settings")
struct SlackBotTokenSettingsTests {
    func load(_ environment: [String: String], files: [String: String] = [:]) throws(ConfigurationError) -> Settings {
        try Settings.load(environment: environment) { path in
            guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return contents
        }
    }

    @Test("SLACK_BOT_TOKEN_FILE reaches the delivery queue's configuration; the default API is slack.com/api")
    func fromFile() throws {
        let token = "xoxb-1111-2222-secretsecret"
        let settings = try load(
            ["SLACK_BOT_TOKEN_FILE": "/run/secrets/slack_bot_token"], files: ["/run/secrets/slack_bot_token": token + "\n"])
        let configuration = settings.delivery.queueConfiguration()
        #expect(configuration.slackBotToken?.value == token)
        #expect(configuration.slackAPIBaseURL.absoluteString == "https://slack.com/api")
        #expect(!String(describing: configuration).contains(token))
        #expect(!String(describing: settings).contains(token))
    }

    @Test("SLACK_API_BASE_URL moves the Web API; no token leaves posts without one, dead naming SLACK_BOT_TOKEN")
    func baseURL() throws {
        let settings = try load(["SLACK_API_BASE_URL": "http://127.0.0.1:9090/slack-api"])
        let configuration = settings.delivery.queueConfiguration()
        #expect(configuration.slackBotToken == nil)
        #expect(configuration.slackBotTokenName == "SLACK_BOT_TOKEN")
        #expect(configuration.slackAPIBaseURL.absoluteString == "http://127.0.0.1:9090/slack-api")
        #expect(throws: ConfigurationError.self) { _ = try load(["SLACK_API_BASE_URL": "not a url"]) }
    }
}
