import Testing
@testable import TenkiApp

@Suite("The start-up warning for Mattermost late answers that could not arrive")
struct MattermostHostWarningTests {
    @Test("tokens set, and only Slack's hosts allowed: warned, naming both settings")
    func onlySlackHosts() throws {
        let text = try #require(
            MattermostHostWarning.message(hasTokens: true, allowList: try ResponseURLAllowList(parsing: "hooks.slack.com")))
        #expect(text.contains("MATTERMOST_TOKENS") && text.contains("TENKI_ALLOWED_RESPONSE_HOSTS"))
    }

    @Test("the default list (Slack's and GovSlack's hooks) counts as only Slack's hosts: warned")
    func defaultList() throws {
        let list = ResponseURLAllowList.slack
        #expect(list.entries.contains { $0.host.hasSuffix("slack-gov.com") }, "\(list)")
        #expect(MattermostHostWarning.message(hasTokens: true, allowList: list) != nil)
    }

    @Test("no warning without tokens, or with a Mattermost host allowed", arguments: [
        (false, "hooks.slack.com"), (true, "hooks.slack.com,http://mattermost.example:8065"), (true, "chat.example.com"),
    ])
    func noWarning(hasTokens: Bool, hosts: String) throws {
        #expect(MattermostHostWarning.message(hasTokens: hasTokens, allowList: try ResponseURLAllowList(parsing: hosts)) == nil)
    }
}
