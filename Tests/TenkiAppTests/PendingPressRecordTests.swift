import Foundation
import TenkiCore
import Testing

@testable import TenkiApp

/// A press kept as pending work: enough to run it again in another process, read back as the same
/// press with the same context, and nothing more.
@Suite("A press kept as pending work")
struct PendingPressRecordTests {
    static let press = ButtonPress(
        actionID: "tenki.weather.forecast", value: "w1;forecast;16.05;108.2;metric;ja;Da Nang", fromEphemeral: true)

    @Test("a Slack press comes back as the same press, with its team, user, channel and response_url")
    func slackPress() throws {
        let url = try #require(URL(string: "https://hooks.slack.com/actions/T1/2/x"))
        let context = InboundContext(
            platform: .slack, team: "T1", user: "U1", channel: "C1", replyTarget: .responseURL(url.absoluteString))
        let record = try #require(PendingCommandRecord.decode(PendingCommandRecord(Self.press, context: context).encoded))
        #expect(record.payload(destination: url) == nil, "a press is not run as a command")
        let inbound = try #require(record.inbound(destination: url, kind: .responseURL))
        guard case .press(let press) = inbound.kind else {
            Issue.record("not a press: \(inbound.kind)")
            return
        }
        #expect(press == Self.press)
        #expect(inbound.context == context)
    }

    @Test("a Discord press answers at its @original, and a note or share at the follow-up beside it")
    func discordPress() throws {
        let original = try #require(URL(string: "https://discord.com/api/v10/webhooks/11/tok/messages/@original"))
        let context = InboundContext(
            platform: .discord, team: "discord:14", user: "10", channel: "15", language: .ja,
            replyTarget: .discordInteraction(
                original: original, followUp: URL(string: "https://discord.com/api/v10/webhooks/11/tok")))
        let record = try #require(PendingCommandRecord.decode(PendingCommandRecord(Self.press, context: context).encoded))
        let inbound = try #require(record.inbound(destination: original, kind: .discordOriginal))
        #expect(inbound.context == context)
    }

    @Test("a command's record from before presses were kept still reads as the command")
    func olderCommandRecord() throws {
        let bytes = Array(
            #"{"platform":"slack","command":"/weather","text":"Danang","userID":"U1","teamID":"T1","channelID":"C1"}"#.utf8)
        let url = try #require(URL(string: "https://hooks.slack.com/commands/T1/2/x"))
        let inbound = try #require(PendingCommandRecord.decode(bytes)?.inbound(destination: url, kind: .responseURL))
        guard case .command(let payload) = inbound.kind else {
            Issue.record("not a command: \(inbound.kind)")
            return
        }
        #expect(payload.text == "Danang" && payload.responseURL == url.absoluteString)
    }
}
