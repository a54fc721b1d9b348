import Foundation
import Testing

import TenkiCore

/// Issue 40, item 8: the interaction token becomes a path segment of the PATCH URL, so only a
/// token shaped as Discord issues it is used; a dot segment would rewrite the path.
@Suite("Discord interaction tokens")
struct DiscordTokenTests {
    static let apiBase = URL(string: "https://discord.com/api/v10")!

    func interaction(token: String) -> DiscordInteraction {
        let body: [String: Any] = [
            "type": DiscordInteraction.applicationCommand, "application_id": "1100000000000000001", "token": token,
            "data": ["name": "weather"],
        ]
        let json = (try? JSONSerialization.data(withJSONObject: body)).map { [UInt8]($0) } ?? []
        var interaction = try! DiscordInteraction(json: json)
        interaction.token = token
        return interaction
    }

    @Test(
        "tokens that are not Discord's shape give no URL",
        arguments: [
            "..", ".", "...", "%2E%2E", ".aW50ZXJhY3Rpb246ZXhhbXBsZQ", "-aW50ZXJhY3Rpb246ZXhhbXBsZQ", "aW50ZXJhY3Rpb24/ZXhhbXBsZQ",
            "aW50ZXJhY3Rpb24#ZXhhbXBsZQ", "aW50ZXJhY3Rpb24/../ZXhh", "aW50ZXJhY3Rpb24 ZXhhbXBsZQ", "aW50ZXJhY3Rpb246ZXhhbXBsZQ==",
            "short", String(repeating: "a", count: 513), "",
        ])
    func refused(token: String) {
        #expect(!DiscordInteraction.isWellFormedToken(token))
        #expect(interaction(token: token).originalMessageURL(apiBase: Self.apiBase) == nil)
        #expect(interaction(token: token).followUpURL(apiBase: Self.apiBase) == nil)
    }

    @Test("a real-shaped token is one path segment of the PATCH URL, unchanged")
    func accepted() throws {
        let token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpXUUZ.abc_def-" + String(repeating: "x", count: 150)
        let url = try #require(interaction(token: token).originalMessageURL(apiBase: Self.apiBase))
        #expect(url.absoluteString == "https://discord.com/api/v10/webhooks/1100000000000000001/\(token)/messages/@original")
        #expect(url.path == "/api/v10/webhooks/1100000000000000001/\(token)/messages/@original")
    }
}
