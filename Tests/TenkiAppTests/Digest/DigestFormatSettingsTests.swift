import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

@Suite("Digest webhook format settings")
struct DigestFormatSettingsTests {
    static let discord = "https://discord.com/api/webhooks/123/SECRETSECRET"
    static let chat = "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K&token=SECRETSECRET"
    static let mattermost = "https://mattermost.example.com/hooks/SECRETSECRET"

    func load(_ environment: [String: String], config: String? = nil) throws(ConfigurationError) -> Settings {
        var environment = environment
        if config != nil { environment["TENKI_CONFIG"] = "/etc/tenki.json" }
        return try Settings.load(environment: environment) { path in
            guard path == "/etc/tenki.json", let config else { throw CocoaError(.fileNoSuchFile) }
            return config
        }
    }

    @Test("without DIGEST_WEBHOOK_FORMAT the default digest's format comes from its URL; with it, the setting wins")
    func defaultDigest() throws {
        #expect(try load(["DIGEST_WEBHOOK_URL": Self.discord]).digests.first?.format == .discord)
        #expect(try load(["DIGEST_WEBHOOK_URL": Self.chat]).digests.first?.format == .googleChat)
        #expect(try load(["DIGEST_WEBHOOK_URL": Self.mattermost]).digests.first?.format == .slack)
        let set = try load(["DIGEST_WEBHOOK_URL": Self.mattermost, "DIGEST_WEBHOOK_FORMAT": "Mattermost"])
        #expect(set.digests.first?.format == .mattermost)
    }

    @Test("a bad DIGEST_WEBHOOK_FORMAT is one line naming the setting and the four words, never the URL")
    func badValue() {
        do {
            _ = try load(["DIGEST_WEBHOOK_URL": Self.discord, "DIGEST_WEBHOOK_FORMAT": "teams"])
            Issue.record("loaded an unknown format")
        } catch {
            #expect(error.setting == "DIGEST_WEBHOOK_FORMAT")
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains("slack, mattermost, discord, google-chat"))
            #expect(!error.description.contains("SECRETSECRET"))
        }
    }

    @Test("each digest of TENKI_CONFIG has its own format, set or chosen from its URL; a bad one names the digest's key")
    func namedDigests() throws {
        let config = """
            {"digests": [
              {"name": "team", "webhook_url": "\(Self.mattermost)", "format": "mattermost"},
              {"name": "gaming", "webhook_url": "\(Self.discord)"},
              {"name": "office", "webhook_url": "\(Self.chat)"},
              {"name": "zulip", "webhook_url": "https://chat.zulip.example/api/v1/external/slack_incoming?api_key=SECRETSECRET"}
            ]}
            """
        let settings = try load([:], config: config)
        #expect(settings.digests.map(\.format) == [.mattermost, .discord, .googleChat, .slack])
        let bad = #"{"digests": [{"name": "team", "webhook_url": "\#(Self.mattermost)", "format": "mm"}]}"#
        do {
            _ = try load([:], config: bad)
            Issue.record("loaded an unknown format")
        } catch {
            #expect(error.setting == "TENKI_CONFIG digests[team].format")
            #expect(!error.description.contains("SECRETSECRET"))
        }
    }
}
