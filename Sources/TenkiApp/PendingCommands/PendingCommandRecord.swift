import Foundation
import TenkiCore

/// What is kept of work whose answer is still owed (a command, or a press on a button): enough to
/// run it again in another process, and nothing secret (Mattermost's token, the raw form). The
/// `response_url` (or Discord's `@original`) is kept as the pending work's destination, not here.
struct PendingCommandRecord: Codable, Equatable {
    var platform: String
    var command: String
    var text: String
    var userID: String
    var userName: String?
    var teamID: String?
    var teamDomain: String?
    var enterpriseID: String?
    /// Slack's `is_enterprise_install` (absent in records written before it was kept: false).
    var isEnterpriseInstall: Bool?
    /// The Slack installation key the work was answered under (`InboundContext.installation`).
    var installation: String?
    var channelID: String?
    var channelName: String?
    var apiAppID: String?
    var language: String?
    /// Set for a press: the button and its value; `command` and `text` are then empty.
    var press: ButtonPress?

    init(_ payload: SlashCommandPayload) {
        platform = payload.platform.rawValue
        command = payload.command
        text = payload.text
        userID = payload.userID
        userName = payload.userName
        teamID = payload.teamID
        teamDomain = payload.teamDomain
        enterpriseID = payload.enterpriseID
        isEnterpriseInstall = payload.isEnterpriseInstall
        channelID = payload.channelID
        channelName = payload.channelName
        apiAppID = payload.apiAppID
        language = payload.language?.rawValue
    }

    init(_ press: ButtonPress, context: InboundContext) {
        platform = context.platform.rawValue
        command = ""
        text = ""
        userID = context.user
        teamID = context.team
        installation = context.installation
        channelID = context.channel
        language = context.language?.rawValue
        self.press = press
    }

    /// The command as the handlers take it, answering at `destination`; nil for a press, or for a
    /// record this build cannot read (a platform it does not know).
    func payload(destination: URL) -> SlashCommandPayload? {
        guard press == nil, let platform = ChatPlatform(rawValue: platform) else { return nil }
        var payload = SlashCommandPayload(
            command: command, text: text, userID: userID, userName: userName, teamID: teamID, teamDomain: teamDomain,
            enterpriseID: enterpriseID, channelID: channelID, channelName: channelName,
            responseURL: destination.absoluteString, apiAppID: apiAppID, isEnterpriseInstall: isEnterpriseInstall ?? false)
        payload.platform = platform
        payload.language = language.flatMap(WeatherLanguage.init(rawValue:))
        return payload
    }

    /// The work again, as the dispatcher takes it, answering at `destination` (a `response_url`,
    /// or Discord's `@original`); nil for a record this build cannot read.
    func inbound(destination: URL, kind: DestinationKind) -> Inbound? {
        guard let platform = ChatPlatform(rawValue: platform) else { return nil }
        let target: ReplyTarget =
            kind == .discordOriginal
            ? .discordInteraction(original: destination, followUp: Self.followUp(of: destination))
            : .responseURL(destination.absoluteString)
        let context = InboundContext(
            platform: platform, team: enterpriseID ?? teamID ?? "-", user: userID, channel: channelID,
            language: language.flatMap(WeatherLanguage.init(rawValue:)), replyTarget: target,
            installation: press != nil || platform != .slack
                ? installation
                : InboundContext.installationKey(
                    enterprise: enterpriseID, team: teamID, isEnterpriseInstall: isEnterpriseInstall ?? false))
        if let press { return Inbound(.press(press), context: context) }
        return payload(destination: destination).map { Inbound(.command($0), context: context) }
    }

    /// Discord's follow-up webhook, from the `…/messages/@original` it sits under.
    static func followUp(of original: URL) -> URL? {
        let text = original.absoluteString
        let suffix = "/messages/@original"
        guard text.hasSuffix(suffix) else { return nil }
        return URL(string: String(text.dropLast(suffix.count)))
    }

    var encoded: [UInt8] { Array((try? JSONEncoder().encode(self)) ?? Data()) }

    static func decode(_ bytes: [UInt8]) -> PendingCommandRecord? {
        try? JSONDecoder().decode(PendingCommandRecord.self, from: Data(bytes))
    }
}
