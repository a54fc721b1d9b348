import Foundation
import Testing
import TenkiCore

@Suite("Digest webhook format")
struct DigestWebhookFormatTests {
    @Test(
        "chosen from the URL's host as the contract says",
        arguments: [
            ("https://discord.com/api/webhooks/123/abcDEF", DigestWebhookFormat.discord),
            ("https://discordapp.com/api/webhooks/123/abcDEF", .discord),
            ("https://ptb.discord.com/api/webhooks/123/abcDEF", .discord),
            ("https://DISCORD.com/api/v10/webhooks/123/abcDEF?thread_id=9", .discord),
            ("https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K&token=T", .googleChat),
            ("https://hooks.slack.com/services/T000/B000/XXXX", .slack),
            ("https://mattermost.example.com/hooks/xxxgeneratedkeyxxx", .slack),
            ("https://chat.zulip.example/api/v1/external/slack_incoming?api_key=K&stream=s", .slack),
            ("https://notdiscord.com/api/webhooks/1/x", .slack),
            ("https://discord.com.evil.example/api/webhooks/1/x", .slack),
            ("https://chat.googleapis.com.evil.example/v1/spaces/AAAA/messages", .slack),
            ("http://127.0.0.1:8080/api/webhooks/1/x", .slack),
        ])
    func detection(url: String, format: DigestWebhookFormat) throws {
        #expect(DigestWebhookFormat.detect(from: try #require(URL(string: url))) == format)
    }

    @Test func discordPostsWaitForTheMessageAndKeepTheOtherQueryItems() throws {
        let plain = try #require(URL(string: "https://discord.com/api/webhooks/123/abc"))
        #expect(DigestWebhookFormat.discord.destination(for: plain).absoluteString
            == "https://discord.com/api/webhooks/123/abc?wait=true")
        let thread = try #require(URL(string: "https://discord.com/api/webhooks/123/abc?thread_id=42&wait=false"))
        #expect(DigestWebhookFormat.discord.destination(for: thread).absoluteString
            == "https://discord.com/api/webhooks/123/abc?thread_id=42&wait=true")
        let chat = try #require(URL(string: "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K&token=T"))
        #expect(DigestWebhookFormat.googleChat.destination(for: chat) == chat)
        #expect(DigestWebhookFormat.slack.destination(for: plain) == plain)
    }

    @Test func namesAreTheContractsWords() {
        #expect(DigestWebhookFormat.allCases.map(\.rawValue) == ["slack", "mattermost", "discord", "google-chat"])
    }
}
