import Foundation
import TenkiCore

/// What is kept of a command whose answer is still owed: enough to run it again in another
/// process, and nothing secret (Mattermost's token, the raw form). The `response_url` is kept as
/// the pending command's destination, not here.
struct PendingCommandRecord: Codable, Equatable {
    var platform: String
    var command: String
    var text: String
    var userID: String
    var userName: String?
    var teamID: String?
    var teamDomain: String?
    var enterpriseID: String?
    var channelID: String?
    var channelName: String?
    var apiAppID: String?
    var language: String?

    init(_ payload: SlashCommandPayload) {
        platform = payload.platform.rawValue
        command = payload.command
        text = payload.text
        userID = payload.userID
        userName = payload.userName
        teamID = payload.teamID
        teamDomain = payload.teamDomain
        enterpriseID = payload.enterpriseID
        channelID = payload.channelID
        channelName = payload.channelName
        apiAppID = payload.apiAppID
        language = payload.language?.rawValue
    }

    /// The command as the handlers take it, answering at `destination`; nil for a record this
    /// build cannot read (a platform it does not know).
    func payload(destination: URL) -> SlashCommandPayload? {
        guard let platform = ChatPlatform(rawValue: platform) else { return nil }
        var payload = SlashCommandPayload(
            command: command, text: text, userID: userID, userName: userName, teamID: teamID, teamDomain: teamDomain,
            enterpriseID: enterpriseID, channelID: channelID, channelName: channelName,
            responseURL: destination.absoluteString, apiAppID: apiAppID)
        payload.platform = platform
        payload.language = language.flatMap(WeatherLanguage.init(rawValue:))
        return payload
    }

    var encoded: [UInt8] { Array((try? JSONEncoder().encode(self)) ?? Data()) }

    static func decode(_ bytes: [UInt8]) -> PendingCommandRecord? {
        try? JSONDecoder().decode(PendingCommandRecord.self, from: Data(bytes))
    }
}
